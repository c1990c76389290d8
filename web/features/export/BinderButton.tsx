/**
 * The "Family binder" button (issue #18), on the dashboard and in Settings: makes the PDF on this
 * device (offline; the export code and pdf-lib loaded on the first click, issue #20) and shares or
 * downloads it.
 */
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button';
import { toast } from '../../ui/toast-store';

/** The button and its state, for a screen to place. */
export function useFamilyBinder(variant: ButtonVariant = 'outline') {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { makeFamilyBinder } = await import('./actions');
      const outcome = await makeFamilyBinder();
      if (outcome === 'downloaded') toast({ title: 'Family binder ready', description: 'The PDF is in your downloads. Print it and keep it where your family will find it.' });
    } catch (err) {
      toast({ title: 'Could not make the binder', description: (err as Error).message || 'Please try again later.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const button = (
    <Button variant={variant} onClick={run} disabled={busy}>
      <BookOpen aria-hidden="true" />
      {busy ? 'Making the binder...' : 'Family binder'}
    </Button>
  );
  return { button, busy };
}

/** The dashboard's card: what the binder is, and the button. */
export function BinderCard() {
  const { button } = useFamilyBinder('default');
  return (
    <section aria-labelledby="binder-heading" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="binder-heading" className="text-lg font-semibold text-slate-900">
          Your plan on paper
        </h2>
        <p className="text-sm text-slate-700">A printable binder for your family, made on this device, even offline.</p>
      </div>
      <div className="shrink-0">{button}</div>
    </section>
  );
}
