/**
 * The body of My After-Death Plan (SPEC.md §2, §4 "Death plan"): the completion bar, recalculated
 * on every change of the form; five tabs with Previous/Next and Save Changes; and the two AI
 * helpers, whose result replaces the form value and is saved at once when a plan exists, with
 * Undo on the toast; they are given only what the person wrote (plan-ai.ts).
 * The form is a useRecordForm (web/forms): it follows the stored plan live, and Save writes only
 * the fields the person changed — creating the plan (id = the user's id) with only the fields set
 * when there is none yet. A field changed on another device while the person edits it says so.
 */
import { useEffect, useRef, useState } from 'react';
import { Music, Sparkles } from 'lucide-react';
import { planCompletion } from '../../../shared/plan-completion';
import type { User } from '../../../shared/schema';
import { BURIAL_PREFERENCES, FUNERAL_TYPES, BUDGET_LEVELS, type BudgetLevel } from '../../../shared/schema/death-plan';
import { usePendingCount } from '../../db';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import { Progress } from '../../ui/Progress';
import { runWithToasts } from '../../ui/record-actions';
import { usePlanAi } from './use-plan-ai';
import { ObituaryDraft } from './ObituaryDraft';
import { Select } from '../../ui/Select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { ageOn, forgetLegacyMusicGenres, legacyGenresMove, legacyMusicGenres, useBudgetLevel } from './plan-ai';
import { MusicGenresField } from './MusicGenresField';
import { ObituaryDetailsFields } from './ObituaryDetailsFields';
import { type PlanForm, planFormToRecord, planToForm } from './plan-form';
import { Spinner } from '../../ui/Spinner';
import { TextListField } from '../../ui/TextListField';
import { OtherVersions } from '../../ui/OtherVersions';
import { ShareButton } from '../sharing';
import { type MessageId, t as say, useT } from '../../i18n/i18n';
import { usePlanMessages } from './messages';

const TABS = [
  { value: 'basic', label: 'plan.tab.basic' },
  { value: 'preferences', label: 'plan.tab.preferences' },
  { value: 'music', label: 'plan.tab.music' },
  { value: 'readings', label: 'plan.tab.readings' },
  { value: 'obituary', label: 'plan.tab.obituary' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * The choices of a select: each key with its label from the 'plan' catalog (`prefix` + key; the
 * English is shared/labels.ts's, which the server and the AI prompts keep using).
 */
const options = <K extends string>(keys: readonly K[], prefix: string, t: (id: MessageId) => string) =>
  keys.map((k) => ({ value: k, label: t(`${prefix}${k}` as MessageId) }));

export interface PlanEditorProps {
  user: User;
}

/** A stored choice's words for the note of a field changed elsewhere ('(empty)' when none). */
const choiceLabel = (prefix: string) => (v: unknown) => say((v ? `${prefix}${String(v)}` : 'plan.empty') as MessageId);
const funeralLabel = choiceLabel('plan.funeral.');
const burialLabel = choiceLabel('plan.burial.');

/** SPEC.md §8 "Plan": the toasts of Save Changes on an existing plan, and on the first save. */
const UPDATED = () => ({
  success: { title: say('plan.toast.updatedTitle'), description: say('plan.toast.updatedDescription') },
  failure: say('plan.toast.updateFailed'),
});
const CREATED = () => ({
  success: { title: say('plan.toast.createdTitle'), description: say('plan.toast.createdDescription') },
  failure: say('plan.toast.createFailed'),
});
/**
 * The synced line under the completion bar: "synced" only when nothing waits in the outbox and
 * the form holds no unsaved typing (`unsaved`: the person changed fields not yet saved); while the
 * outbox is still being counted (`pending` undefined), only that it is saved on this device.
 */
export function savedLine(exists: boolean, pending: number | undefined, unsaved = false): string {
  if (!exists) return say('plan.saved.nothing');
  if (unsaved) return say('plan.saved.unsaved');
  if (pending === undefined) return say('plan.saved.device');
  if (pending === 0) return say('plan.saved.synced');
  return say('plan.saved.waiting', { n: pending });
}

export function PlanEditor({ user }: PlanEditorProps) {
  usePlanMessages();
  const { t } = useT();
  const rf = useRecordForm({ collection: 'deathPlan', id: user.id, toForm: planToForm, toRecord: planFormToRecord });
  const { values: draft, set, exists } = rf;
  const pending = usePendingCount();
  const [tab, setTab] = useState<TabValue>('basic');
  const [budget, setBudget] = useBudgetLevel();
  const [busy, setBusy] = useState<null | 'save' | 'obituary' | 'music'>(null);
  const genres = draft.musicGenres;
  const completion = planCompletion(draft);

  // Once: the kinds of music this device kept in localStorage before they were a field of the
  // plan move into the plan (plan-ai.ts legacyGenresMove), and localStorage is not used for them again.
  const movedLegacy = useRef(false);
  useEffect(() => {
    if (!rf.loaded || movedLegacy.current) return;
    movedLegacy.current = true;
    let storage: Storage;
    try {
      storage = window.localStorage;
    } catch {
      return; // storage blocked: nothing was kept there
    }
    const move = legacyGenresMove(legacyMusicGenres(storage), exists, draft.musicGenres);
    if (move.kind === 'fill') set('musicGenres', move.genres);
    else if (move.kind === 'save') void rf.save({ musicGenres: move.genres }).then(() => forgetLegacyMusicGenres(storage), () => {});
    else if (move.kind === 'forget') forgetLegacyMusicGenres(storage);
  }, [rf.loaded]); // once, when the stored plan is first known

  const run = async (kind: NonNullable<typeof busy>, work: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const saveChanges = () => run('save', () => runWithToasts(() => rf.save(), exists ? UPDATED() : CREATED()));

  const ai = usePlanAi(rf, user, budget, run);

  if (!rf.loaded) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('plan.loading')} className="[&_svg]:size-8" />
      </div>
    );
  }

  const index = TABS.findIndex((t) => t.value === tab);
  const footer = (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="outline" disabled={index === 0} onClick={() => setTab(TABS[index - 1]!.value)}>
          {t('plan.previous')}
        </Button>
        <Button variant="outline" disabled={index === TABS.length - 1} onClick={() => setTab(TABS[index + 1]!.value)}>
          {t('plan.next')}
        </Button>
      </div>
      <Button variant="accent" onClick={() => void saveChanges()} disabled={busy === 'save'}>
        {busy === 'save' ? t('plan.saving') : t('plan.save')}
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <Card className="p-5">
        <div className="mb-2 flex items-baseline justify-between gap-4">
          <h2 className="font-semibold text-slate-900">{t('plan.completion')}</h2>
          <span className="text-2xl font-semibold text-slate-900" aria-hidden="true">
            {completion}%
          </span>
        </div>
        <Progress value={completion} label={t('plan.completionLabel', { percent: completion })} />
        <p className="mt-2 text-sm text-slate-600">
          {savedLine(exists, pending, rf.dirty.length > 0)}
        </p>
      </Card>

      <Card className="p-4 sm:p-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as TabValue)}>
          <TabsList aria-label={t('plan.sections')}>
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {t(tab.label)}
              </TabsTrigger>
            ))}
          </TabsList>
          {exists && <ShareButton className="mt-4" item={{ kind: 'plan-section', id: tab }} title={t('plan.shareTitle', { section: t(TABS[index]!.label) })} />}

          <TabsContent value="basic" className="mt-6 flex flex-col gap-4">
            <FormField label={t('plan.funeralType')} notice={<ChangedElsewhere record={rf} field="funeralType" display={funeralLabel} />}>
              <Select
                options={options(FUNERAL_TYPES, 'plan.funeral.', t)}
                value={draft.funeralType ?? ''}
                onValueChange={(v) => set('funeralType', v as PlanForm['funeralType'])}
                placeholder={t('plan.funeralType.placeholder')}
              />
            </FormField>
            <FormField
              label={t('plan.location')}
              hint={t('plan.location.hint')}
              notice={<ChangedElsewhere record={rf} field="location" />}
            >
              <Input maxLength={rf.maxLength('location')} value={draft.location} onChange={(e) => set('location', e.target.value)} />
            </FormField>
            <FormField label={t('plan.burial')} notice={<ChangedElsewhere record={rf} field="burialPreference" display={burialLabel} />}>
              <Select
                options={options(BURIAL_PREFERENCES, 'plan.burial.', t)}
                value={draft.burialPreference ?? ''}
                onValueChange={(v) => set('burialPreference', v as PlanForm['burialPreference'])}
                placeholder={t('plan.burial.placeholder')}
              />
            </FormField>
            {footer}
          </TabsContent>

          <TabsContent value="preferences" className="mt-6 flex flex-col gap-4">
            <FormField label={t('plan.budget')} hint={t('plan.budget.hint')}>
              <Select options={options(BUDGET_LEVELS, 'plan.budget.', t)} value={budget} onValueChange={(v) => setBudget(v as BudgetLevel)} />
            </FormField>
            <FormField label={t('plan.specialRequests')} notice={<ChangedElsewhere record={rf} field="specialRequests" />}>
              <Textarea
                rows={4}
                maxLength={rf.maxLength('specialRequests')} value={draft.specialRequests}
                onChange={(e) => set('specialRequests', e.target.value)}
                placeholder={t('plan.specialRequests.placeholder')}
              />
            </FormField>
            <OtherVersions collection="deathPlan" id={exists ? user.id : undefined} field="specialRequests" onRestore={(text) => set('specialRequests', text)} />
            {footer}
          </TabsContent>

          <TabsContent value="music" className="mt-6 flex flex-col gap-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <p className="text-slate-700">{t('plan.music.intro')}</p>
              <Button variant="outline" onClick={() => void ai.suggestMusic()} disabled={busy === 'music' || genres.length === 0} className="shrink-0">
                <Music aria-hidden="true" />
                {busy === 'music' ? t('plan.music.suggesting') : t('plan.music.suggest')}
              </Button>
            </div>
            <MusicGenresField genres={genres} onChange={(next) => set('musicGenres', next)} />
            {genres.length === 0 && <p className="text-sm text-slate-700">{t('plan.music.chooseKind')}</p>}
            <TextListField
              label={t('plan.music.add')}
              listLabel={t('plan.music.list')}
              items={draft.musicSelections}
              onChange={(items) => set('musicSelections', items)}
              placeholder={t('plan.music.placeholder')}
              emptyText={t('plan.music.empty')}
            />
            {footer}
          </TabsContent>

          <TabsContent value="readings" className="mt-6 flex flex-col gap-4">
            <p className="text-slate-700">{t('plan.readings.intro')}</p>
            <TextListField
              label={t('plan.readings.add')}
              listLabel={t('plan.readings.list')}
              items={draft.readings}
              onChange={(items) => set('readings', items)}
              placeholder={t('plan.readings.placeholder')}
              emptyText={t('plan.readings.empty')}
            />
            {footer}
          </TabsContent>

          <TabsContent value="obituary" className="mt-6 flex flex-col gap-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <p className="text-slate-700">{t('plan.obituary.intro')}</p>
              <Button variant="outline" onClick={() => void ai.generateObituary()} disabled={busy === 'obituary'} className="shrink-0">
                <Sparkles aria-hidden="true" />
                {busy === 'obituary' ? t('plan.obituary.generating') : t('plan.obituary.generate')}
              </Button>
            </div>
            <ObituaryDetailsFields
              details={draft}
              onChange={(field, text) => set(field, text)}
              age={ageOn(user.birthdate, new Date())}
              maxLength={rf.maxLength}
              notice={(field) => <ChangedElsewhere record={rf} field={field} />}
            />
            <FormField label={t('plan.obituary.label')} notice={<ChangedElsewhere record={rf} field="obituary" />}>
              <Textarea rows={12} maxLength={rf.maxLength('obituary')} value={draft.obituary} onChange={(e) => set('obituary', e.target.value)} />
            </FormField>
            {ai.obituaryDraft !== null && <ObituaryDraft draft={ai.obituaryDraft} onUse={ai.acceptDraft} onDiscard={ai.discardDraft} />}
            <OtherVersions collection="deathPlan" id={exists ? user.id : undefined} field="obituary" onRestore={(text) => set('obituary', text)} />
            {footer}
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
