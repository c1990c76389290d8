/**
 * The plan screen's two AI helpers, keeping the person's own words (issue 38, item 4):
 * - "Suggest music" adds suggestions of the kinds of music ticked after the person's own list
 *   (ai-results.ts addSuggestedMusic); Undo takes away only what was added.
 * - "Generate obituary" fills an empty Obituary field (SPEC.md §4, as before) with Undo; when the
 *   field holds the person's words it keeps them and offers the result as a draft to use or
 *   discard (ObituaryDraft.tsx); using it has Undo too.
 * A result is saved at once when the plan exists (SPEC.md §4), with what the helper was given.
 * Undo is on a persistent toast (web/ui/toast-store.ts): it stays until the person dismisses it or
 * leaves the screen. The toasts' titles and descriptions are SPEC.md §8's.
 */
import { useRef, useState } from 'react';
import type { User } from '../../../shared/schema';
import type { BudgetLevel } from '../../../shared/schema/death-plan';
import type { RecordForm } from '../../forms/use-record-form';
import { runWithToasts } from '../../ui/record-actions';
import { toast, type ToastInput, usePersistentToasts } from '../../ui/toast-store';
import { addSuggestedMusic, placeObituary, undoAddedMusic, undoFilledObituary } from './ai-results';
import { requestMusic, requestObituary } from './plan-ai';
import { obituaryDetailsOf, type PlanForm } from './plan-form';
import { t } from '../../i18n/i18n';
import './messages';

/** SPEC.md §8 "Plan": the AI helpers' success toasts (in the language shown, from the 'plan' catalog). */
export const OBITUARY_DONE = () => ({ title: t('plan.toast.obituaryTitle'), description: t('plan.toast.obituaryDescription') });
export const MUSIC_DONE = () => ({ title: t('plan.toast.musicTitle'), description: t('plan.toast.musicDescription') });
const NOTHING_NEW = () => ({ title: t('plan.toast.musicTitle'), description: t('plan.toast.nothingNew') });
const DRAFT_USED = () => ({ title: t('plan.toast.draftUsedTitle'), description: t('plan.toast.draftUsedDescription') });
const UNDONE = () => ({ success: { title: t('plan.toast.undoneTitle'), description: t('plan.toast.undoneDescription') }, failure: t('plan.toast.undoFailed') });
const CHANGED_SINCE = () => ({ title: t('plan.toast.changedSinceTitle'), description: t('plan.toast.changedSinceDescription') });

type Run = (kind: 'obituary' | 'music', work: () => Promise<unknown>) => Promise<void>;

/** The helpers' actions for PlanEditor; `run` marks the button busy while one works. */
export function usePlanAi(rf: RecordForm<PlanForm>, user: User, budget: BudgetLevel, run: Run) {
  usePersistentToasts();
  const latest = useRef(rf);
  latest.current = rf;
  /** The offered obituary draft, while the person has not used or discarded it. */
  const [obituaryDraft, setObituaryDraft] = useState<string | null>(null);

  const now = () => latest.current.form.getValues();
  /** Writes `fields` (saved at once when the plan exists, else into the form). */
  const write = async (fields: Partial<PlanForm>) => {
    const form = latest.current;
    if (form.exists) await form.save(fields);
    else for (const [k, v] of Object.entries(fields)) form.set(k as keyof PlanForm & string, v as never);
  };
  /** A persistent toast whose Undo writes what `undo` gives (null: nothing to undo, say why). */
  const withUndo = (shown: { title: string; description: string }, undo: () => Partial<PlanForm> | null): ToastInput => ({
    ...shown,
    persistent: true,
    action: {
      label: t('plan.toast.undo'),
      onClick: () => {
        const back = undo();
        if (!back) toast(CHANGED_SINCE());
        else if (latest.current.exists) void runWithToasts(() => write(back), UNDONE());
        else void write(back);
      },
    },
  });

  const suggestMusic = () =>
    run('music', () =>
      runWithToasts(
        async () => {
          const genres = now().musicGenres;
          const songs = await requestMusic(user, genres, budget);
          const { items, added } = addSuggestedMusic(now().musicSelections, songs, genres);
          if (added.length === 0) return NOTHING_NEW();
          await write({ musicGenres: genres, musicSelections: items });
          return withUndo(MUSIC_DONE(), () => ({ musicSelections: undoAddedMusic(now().musicSelections, added) }));
        },
        { success: (shown) => shown, failure: t('plan.toast.musicFailed') },
      ),
    );

  /** Puts `text` into the Obituary field (with `input`, the details it was made from), Undo restoring `before` while it is unchanged. */
  const fillObituary = async (text: string, before: string, shown: { title: string; description: string }) => {
    await write({ ...obituaryDetailsOf(now()), obituary: text });
    return withUndo(shown, () => {
      const back = undoFilledObituary(now().obituary, text, before);
      return back === null ? null : { obituary: back };
    });
  };

  const generateObituary = () =>
    run('obituary', () =>
      runWithToasts(
        async () => {
          const generated = await requestObituary(user, now(), budget);
          const before = now().obituary;
          const place = placeObituary(before, generated);
          if (place.kind === 'fill') return fillObituary(generated, before, OBITUARY_DONE());
          if (place.kind === 'draft') setObituaryDraft(place.draft);
          return OBITUARY_DONE();
        },
        { success: (shown) => shown, failure: t('plan.toast.obituaryFailed') },
      ),
    );

  /** Uses the offered draft in place of the person's words (Undo puts them back). */
  const acceptDraft = () => {
    if (obituaryDraft === null) return;
    const text = obituaryDraft;
    setObituaryDraft(null);
    void runWithToasts(() => fillObituary(text, now().obituary, DRAFT_USED()), { success: (shown) => shown, failure: t('plan.toast.updateFailed') });
  };

  return { suggestMusic, generateObituary, obituaryDraft, acceptDraft, discardDraft: () => setObituaryDraft(null) };
}
