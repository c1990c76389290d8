/** Navigation below 768px: a menu button opening a sheet (Radix Dialog) with the sidebar's links. */
import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import { overlayClasses } from '../ui/Dialog';
import { Logo } from './Logo';
import { NavLinks } from './NavLinks';

export function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        aria-label="Open navigation menu"
        className="flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-stone-100 md:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col gap-6 overflow-y-auto bg-stone-50 p-4 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Logo to="/dashboard" />
            <Dialog.Close aria-label="Close navigation menu" className="rounded-lg p-2 text-slate-700 hover:bg-stone-200">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Main">
            <NavLinks onNavigate={() => setOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
