/**
 * A generated obituary offered beside the one the person wrote (issue 38, item 4: "Generate
 * obituary" replaced an obituary the person had typed): their words stay in the Obituary field
 * until they choose "Use this draft"; "Discard draft" lets it go. use-plan-ai.ts holds the draft.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../ui/Button';
import { useT } from '../../i18n/i18n';
import { usePlanMessages } from './messages';

export interface ObituaryDraftProps {
  draft: string;
  onUse: () => void;
  onDiscard: () => void;
}

export function ObituaryDraft({ draft, onUse, onDiscard }: ObituaryDraftProps) {
  usePlanMessages();
  const { t } = useT();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  // Brought into view when offered: on a phone it would otherwise sit out of sight.
  // (In braces: newer Chromium's scrollIntoView returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [draft]);
  return (
    <section ref={ref} aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 id={headingId} className="font-medium text-slate-900">
        {t('plan.draft.title')}
      </h3>
      <p className="text-sm text-slate-700">
        {t('plan.draft.intro')}
      </p>
      <div className="rounded-md border border-stone-200 bg-white p-3 whitespace-pre-wrap text-slate-800">{draft}</div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="accent" onClick={onUse}>
          {t('plan.draft.use')}
        </Button>
        <Button variant="outline" onClick={onDiscard}>
          {t('plan.draft.discard')}
        </Button>
      </div>
    </section>
  );
}
