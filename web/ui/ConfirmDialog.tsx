/**
 * A yes/no question (Radix AlertDialog), used before deletes (SPEC.md §5 "Delete message asks…").
 *
 * Two ways to use it:
 * - Declarative: `<ConfirmDialog open onOpenChange title description confirmLabel destructive onConfirm />`.
 * - Imperative: `if (await confirm({ title, description, confirmLabel: 'Delete', destructive: true })) …`
 *   — resolves true on confirm, false on cancel/escape. Needs <ConfirmHost /> mounted once (the app does).
 */
import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { create } from 'zustand';
import { buttonClasses } from './Button';
import { cn } from './cn';
import { overlayClasses, panelClasses } from './Dialog';
import { useReturnFocus } from './return-focus';

export interface ConfirmOptions {
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to 'Confirm'. */
  confirmLabel?: string;
  /** Defaults to 'Cancel'. */
  cancelLabel?: string;
  /** Red confirm button, for irreversible actions. */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={cn(panelClasses, 'gap-4 p-5 sm:max-w-md')}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          {description && <AlertDialog.Description className="text-slate-700">{description}</AlertDialog.Description>}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('outline')}>{cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(destructive ? 'destructive' : 'default')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

interface PendingConfirm extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

const useConfirmStore = create<{ pending: PendingConfirm | null }>()(() => ({ pending: null }));

/** Asks the question in a ConfirmDialog; resolves true when confirmed, false otherwise. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  useConfirmStore.getState().pending?.resolve(false);
  return new Promise((resolve) => useConfirmStore.setState({ pending: { ...options, resolve } }));
}

/** Renders the question asked through `confirm()`. Mount once near the root. */
export function ConfirmHost() {
  const pending = useConfirmStore((s) => s.pending);
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    useConfirmStore.setState({ pending: null });
  };
  if (!pending) return null;
  const { resolve: _resolve, ...options } = pending;
  return <ConfirmDialog {...options} open onOpenChange={(open) => !open && settle(false)} onConfirm={() => settle(true)} />;
}
