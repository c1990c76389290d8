/**
 * The "Family binder" button (issue #18), on the dashboard and in Settings: makes the PDF on this
 * device (offline; the export code and pdf-lib loaded on the first click, issue #20) and shares or
 * downloads it.
 */
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { t, useT } from '../../i18n/i18n';
import { useBinderMessages } from './binder-messages';

/** The button and its state, for a screen to place (in the language shown: it calls useBinderMessages first). */
export function useFamilyBinder(variant: ButtonVariant = 'outline') {
  useBinderMessages();
  const { t: say } = useT();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const { makeFamilyBinder } = await import('./actions');
      const outcome = await makeFamilyBinder();
      if (outcome === 'downloaded') toast({ title: t('binder.readyTitle'), description: t('binder.readyText') });
    } catch (err) {
      toast({ title: t('binder.failed'), description: (err as Error).message || t('binder.tryLater'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const button = (
    <Button variant={variant} onClick={run} disabled={busy}>
      <BookOpen aria-hidden="true" />
      {busy ? say('binder.making') : say('binder.button')}
    </Button>
  );
  return { button, busy };
}

/** The dashboard's card: what the binder is, and the button. */
export function BinderCard() {
  const { button } = useFamilyBinder('default');
  const { t: say } = useT();
  return (
    <section aria-labelledby="binder-heading" className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 id="binder-heading" className="text-lg font-semibold text-slate-900">
          {say('binder.cardTitle')}
        </h2>
        <p className="text-sm text-slate-700">{say('binder.cardText')}</p>
      </div>
      <div className="shrink-0">{button}</div>
    </section>
  );
}
