/**
 * Renders the toast of `toast-store.ts` with Radix Toast (SPEC.md §9: one at a time, 5000 ms
 * by default). Destructive toasts are announced assertively; a toast may carry one action (Undo).
 * A persistent toast (toast-store.ts) has no timer and a Dismiss button in place of the corner ×,
 * and the page keeps room for it while it shows (useToastRoom).
 * Mount once near the root.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { Toast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';
import { useToastStore } from './toast-store';

// White in both toasts: on the destructive (red) toast, dark words with no background of their own
// read at 2.8:1 against the red (axe color-contrast, issue 39's refusal toasts).
const TOAST_BUTTON = 'min-h-10 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-stone-100';

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const viewport = useRef<HTMLOListElement>(null);
  useToastRoom(viewport, toasts.some((t) => t.persistent));
  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.durationMs}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg',
            !t.persistent && 'pr-10',
            t.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-stone-200 bg-white text-slate-900',
          )}
        >
          <div className="flex flex-col gap-1">
            <Toast.Title className="font-semibold">{t.title}</Toast.Title>
            {t.description && (
              <Toast.Description className={cn('text-sm', t.variant === 'destructive' ? 'text-red-50' : 'text-slate-700')}>
                {t.description}
              </Toast.Description>
            )}
            {(t.action || t.persistent) && (
              <div className="mt-1 flex flex-wrap gap-2">
                {t.action && (
                  <Toast.Action altText={t.action.label} asChild>
                    <button type="button" onClick={t.action.onClick} className={TOAST_BUTTON}>
                      {t.action.label}
                    </button>
                  </Toast.Action>
                )}
                {/* A persistent toast has no timer: this button (or Escape, or a swipe) is how it goes. */}
                {t.persistent && (
                  <Toast.Close className={TOAST_BUTTON}>
                    Dismiss
                  </Toast.Close>
                )}
              </div>
            )}
          </div>
          {!t.persistent && (
            <Toast.Close
              aria-label="Dismiss notification"
              className={cn(
                'absolute top-2 right-2 rounded-md p-1.5',
                t.variant === 'destructive' ? 'text-red-50 hover:bg-red-800' : 'text-slate-600 hover:bg-stone-100',
              )}
            >
              <X className="size-4" aria-hidden="true" />
            </Toast.Close>
          )}
        </Toast.Root>
      ))}
      {/* On a phone the toast sits under the header, clear of the form buttons at the foot of the
          screen it used to cover (issue "Promises kept", finding 9); bottom right on wider screens. */}
      <Toast.Viewport ref={viewport} className="fixed top-16 right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-3 outline-none sm:top-auto sm:bottom-0 sm:max-w-sm sm:p-4" />
    </Toast.Provider>
  );
}

/**
 * While `shown` (a persistent toast is on screen), keeps the page's room for it: the height of the
 * toasts' viewport as `--toast-room` with `data-toast-room` on <html> (web/styles.css), so a toast
 * that stays never hides a button or the focused field for good (WCAG 2.4.11).
 */
function useToastRoom(viewport: RefObject<HTMLOListElement | null>, shown: boolean): void {
  useEffect(() => {
    const el = viewport.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--toast-room', `${el.offsetHeight}px`);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    root.setAttribute('data-toast-room', '');
    return () => {
      observer.disconnect();
      root.removeAttribute('data-toast-room');
      root.style.removeProperty('--toast-room');
    };
  }, [viewport, shown]);
}
