/**
 * Toast state (SPEC.md §9: one toast at a time, 5000 ms by default). Screens call `toast(...)`;
 * `web/ui/Toaster.tsx` renders the current toast with Radix Toast.
 *
 * A `persistent` toast (issue 38, item 4: an Undo that was gone after about 8 seconds) has no
 * timer: a newer toast shows in front of it (still one at a time) and it comes back when that one
 * closes; it goes only when the person dismisses it (or presses its action) or leaves the screen
 * that showed it — that screen calls `usePersistentToasts()`, which dismisses them when it unmounts.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../shared/product';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' for failures (SPEC.md §8 "Destructive toasts"). */
  variant?: 'default' | 'destructive';
  durationMs?: number;
  /** One action button (e.g. Undo): pressing it runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
  /** Stays until dismissed or the screen is left (see the module comment); shows a Dismiss button. */
  persistent?: boolean;
}
export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number;
  description?: string;
  action?: ToastInput['action'];
  open: boolean;
}

interface ToastState {
  /** The toasts on screen (at most TOAST_LIMIT). */
  toasts: ToastItem[];
  /** Persistent toasts behind a newer one, newest first: the first comes back when the screen is free. */
  held: ToastItem[];
  dismiss: (id: number) => void;
}

/** `toasts` and `held` after `gone` left them: a held toast fills a free place on screen. */
function settle(toasts: ToastItem[], held: ToastItem[]): Pick<ToastState, 'toasts' | 'held'> {
  const free = Math.max(0, TOAST_LIMIT - toasts.length);
  return { toasts: [...toasts, ...held.slice(0, free)], held: held.slice(free) };
}

let nextId = 1;
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  held: [],
  dismiss: (id) => set((s) => settle(s.toasts.filter((t) => t.id !== id), s.held.filter((t) => t.id !== id))),
}));

/**
 * Shows a toast in front of the one on screen (TOAST_LIMIT = 1), which goes, or waits if persistent;
 * a persistent notice with no action waits behind a passing one instead. Returns its id.
 */
export function toast(input: ToastInput): number {
  const persistent = input.persistent ?? false;
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    // A toast with an action stays twice as long, so the person has time to reach it; a
    // persistent one until it is dismissed.
    durationMs: persistent ? Infinity : (input.durationMs ?? (input.action ? 2 * TOAST_DURATION_MS : TOAST_DURATION_MS)),
    action: input.action,
    persistent,
    open: true,
  };
  useToastStore.setState((s) => {
    // A persistent notice with no action (words from the background: a refusal, addresses sealed)
    // waits behind a passing toast still on screen, which would otherwise go unread (CI: e2e
    // seal-existing never saw "Your words are sealed"); it shows when that one closes. A toast that
    // answers the person's own action (Undo) still comes in front at once.
    if (persistent && !input.action && s.toasts.length >= TOAST_LIMIT && s.toasts.every((t) => !t.persistent)) return { toasts: s.toasts, held: [item, ...s.held] };
    const shown = [item, ...s.toasts];
    const kept = shown.slice(0, TOAST_LIMIT);
    const pushedBack = shown.slice(TOAST_LIMIT).filter((t) => t.persistent);
    return { toasts: kept, held: [...pushedBack, ...s.held] };
  });
  return item.id;
}

/** Dismisses every persistent toast, shown or waiting (the screen that showed them is left); others stay. */
export function dismissPersistent(): void {
  useToastStore.setState((s) => settle(s.toasts.filter((t) => !t.persistent), []));
}

/** For a screen that shows persistent toasts: they are dismissed when it unmounts (the person leaves it). */
export function usePersistentToasts(): void {
  useEffect(() => dismissPersistent, []);
}
