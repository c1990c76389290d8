/**
 * A yes/no question (Radix AlertDialog), used before deletes (SPEC.md §5 "Delete message asks…").
 *
 * Two ways to use it:
 * - Declarative: `<LazyConfirmDialog open onOpenChange title description confirmLabel destructive onConfirm />`
 *   (confirm.tsx: this module is a lazy chunk, loaded when a question is first asked, issue #20).
 * - Imperative: `confirm({...})` from confirm.tsx, shown by its <ConfirmHost /> (the app mounts it once).
 */
import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './button-classes';
import { cn } from './cn';
import { overlayClasses, panelClasses } from './Dialog';
import { useReturnFocus } from './return-focus';
import { keepFocusFromFrames } from './focus-from-frames';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from './signed-in-messages';

export interface ConfirmOptions {
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to 'Confirm' in the language shown (signed-in 'dialog.confirm'). */
  confirmLabel?: string;
  /** Defaults to 'Cancel' in the language shown (signed-in 'dialog.cancel'). */
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
  confirmLabel,
  cancelLabel,
  destructive = false,
}: ConfirmDialogProps) {
  // Its default buttons' words in the language shown (issue 44): the signed-in frame's 'dialog.*'.
  useSignedInMessages();
  const { t } = useT();
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          ref={keepFocusFromFrames}
          className={cn(panelClasses, 'gap-4 p-5 sm:max-w-md')}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          {description && <AlertDialog.Description className="text-slate-700">{description}</AlertDialog.Description>}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('outline')}>{cancelLabel ?? t('dialog.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses(destructive ? 'destructive' : 'default')} onClick={onConfirm}>
              {confirmLabel ?? t('dialog.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
