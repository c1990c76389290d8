/**
 * The sheet of MobileNav (Radix Dialog): the sidebar's links below 768px. A lazy chunk, loaded
 * when the menu button is first pressed (issue #20); MobileNav keeps the button and the state.
 */
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';
import { overlayClasses } from '../ui/Dialog';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';
import { keepFocusFromFrames } from '../ui/focus-from-frames';

/** `trigger`: MobileNav's button, which gets focus back when the sheet closes (WCAG 2.4.3). */
export default function MobileNavSheet({ open, onOpenChange, trigger }: { open: boolean; onOpenChange: (open: boolean) => void; trigger: RefObject<HTMLButtonElement | null> }) {
  useSignedInMessages();
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          ref={keepFocusFromFrames}
          id="mobile-nav-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-[85vw] max-w-xs flex-col gap-6 overflow-y-auto bg-stone-50 p-4 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="sr-only">{t('nav.title')}</Dialog.Title>
            <Logo to="/dashboard" />
            <Dialog.Close aria-label={t('nav.close')} className="rounded-lg p-2 text-slate-700 hover:bg-stone-200">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.main')}>
            <NavLinks onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
