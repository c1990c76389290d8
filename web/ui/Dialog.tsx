/**
 * A modal dialog (Radix Dialog) with a title, optional description, a scrolling body and a
 * footer for actions. On small screens it fills the width and its body scrolls.
 *
 * @example
 * <Dialog open={open} onOpenChange={setOpen} title="Add Trustee" description="…"
 *   footer={<><DialogClose asChild><Button variant="outline">Cancel</Button></DialogClose>
 *            <Button type="submit" form="trustee-form">Save</Button></>}>
 *   <form id="trustee-form">…</form>
 * </Dialog>
 */
import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';
import { useReturnFocus } from './return-focus';
import { keepFocusFromFrames } from './focus-from-frames';
import { useT } from '../i18n/i18n';

export const DialogClose = RadixDialog.Close;

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Element that opens the dialog (rendered with asChild). Optional when `open` is controlled. */
  trigger?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** Width: sm 28rem, md 36rem (default), lg 48rem. */
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-xl', lg: 'sm:max-w-3xl' };

/** Overlay + content classes shared with ConfirmDialog and the mobile navigation sheet. */
export const overlayClasses = 'fixed inset-0 z-40 bg-slate-900/50';
export const panelClasses =
  'fixed z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] flex-col rounded-xl border border-stone-200 bg-white shadow-xl left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 focus:outline-none';

export function Dialog({ open, onOpenChange, title, description, trigger, footer, children, size = 'md' }: DialogProps) {
  // With a Trigger Radix returns focus to it; opened by state, focus returns to the opener.
  const returnFocus = useReturnFocus(open);
  const { t } = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          ref={keepFocusFromFrames}
          className={cn(panelClasses, widths[size])}
          onCloseAutoFocus={trigger ? undefined : returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="-mt-1 -mr-2 rounded-md p-2 text-slate-600 hover:bg-stone-100 hover:text-slate-900"
              aria-label={t('dialog.close')}
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
