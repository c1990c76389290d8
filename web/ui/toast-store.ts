/**
 * Toast state (SPEC.md §9: one toast at a time, 5000 ms by default). Screens call `toast(...)`;
 * `web/ui/Toaster.tsx` renders the current toast with Radix Toast.
 */
import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../shared/labels';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' for failures (SPEC.md §8 "Destructive toasts"). */
  variant?: 'default' | 'destructive';
  durationMs?: number;
  /** One action button (e.g. Undo): pressing it runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
}
export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number;
  description?: string;
  action?: ToastInput['action'];
  open: boolean;
}

interface ToastState {
  toasts: ToastItem[];
  dismiss: (id: number) => void;
}

let nextId = 1;
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast, replacing the one on screen (TOAST_LIMIT = 1). Returns its id. */
export function toast(input: ToastInput): number {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    // A toast with an action stays twice as long, so the person has time to reach it.
    durationMs: input.durationMs ?? (input.action ? 2 * TOAST_DURATION_MS : TOAST_DURATION_MS),
    action: input.action,
    open: true,
  };
  useToastStore.setState((s) => ({ toasts: [item, ...s.toasts].slice(0, TOAST_LIMIT) }));
  return item.id;
}
