/**
 * Navigation below 768px: a menu button opening a sheet with the sidebar's links. The sheet
 * (MobileNavSheet.tsx, Radix Dialog) is a lazy chunk loaded when the button is first pressed
 * (issue #20; precached by the PWA, so it opens offline too), and stays mounted after.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';

const loadSheet = () => import('./MobileNavSheet');
const MobileNavSheet = lazy(loadSheet);

export function MobileNav() {
  useSignedInMessages();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={t('nav.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-nav-sheet' : undefined}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-stone-100 md:hidden"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileNavSheet open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
