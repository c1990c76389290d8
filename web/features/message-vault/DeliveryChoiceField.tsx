/**
 * Below SPEC.md's message form words: how this message's key reaches its recipient (README.md
 * "Trustee kits"), in plain words. Without kits it says the server sends it, as today. With kits,
 * on an existing message, the owner picks "The server delivers it" (the default) or "A trustee
 * hands it over" with the trustee and an optional backup among those holding a kit.
 */
import { useId } from 'react';
import { useCollection } from '../../db';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { FormField } from '../../ui/FormField';
import { Select } from '../../ui/Select';
import type { DeliveryChoiceControl } from './use-delivery-choice';
import type { DeliveryMode } from './delivery-choice';
import { DELIVERY_WORD_IDS } from './delivery-words';
import { useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';


/** The backup select's "No backup" (a value no trustee id can take: ids have no colon). */
const NO_BACKUP = 'no-backup:';

export function DeliveryChoiceField({ ctl, isNew }: { ctl: DeliveryChoiceControl; isNew: boolean }) {
  useMessageVaultMessages();
  const { t } = useT();
  const words = Object.fromEntries(Object.entries(DELIVERY_WORD_IDS).map(([key, id]) => [key, t(id)])) as Record<keyof typeof DELIVERY_WORD_IDS, string>;
  const trustees = useCollection('trustees');
  const meansId = useId();
  const { state, choice, setChoice, holders } = ctl;
  const name = (id: string) => trustees?.find((t) => t.id === id)?.name || t('messages.delivery.aTrustee');
  if (ctl.refusal) {
    // The server's list differs from the owner's own sealed choice (issue 39): told, nothing offered.
    return (
      <section aria-label={words.legend} className="text-sm text-slate-700">
        <h3 className="mb-1 font-medium text-slate-800">{words.legend}</h3>
        <p role="alert" className="text-red-800">
          {ctl.refusal}
        </p>
      </section>
    );
  }
  if (!state) return null; // loading, or offline: nothing is said or changed about delivery
  const kits = state.generations.length > 0;
  if (!kits || isNew || holders.length === 0) {
    return (
      <section aria-label={words.legend} className="text-sm text-slate-700">
        <h3 className="mb-1 font-medium text-slate-800">{words.legend}</h3>
        <p>{kits && isNew ? words.newWithKits : words.noKits}</p>
      </section>
    );
  }
  const pick = (mode: DeliveryMode) => setChoice(mode === 'server' ? { mode, trustees: [] } : { mode, trustees: choice.trustees.length ? choice.trustees : [holders[0]!] });
  const [first, second] = choice.trustees;
  const options = holders.map((id) => ({ value: id, label: name(id) }));
  return (
    <div className="flex flex-col gap-3">
      <ChoiceGroup
        legend={words.legend}
        value={choice.mode}
        onValueChange={pick}
        options={[
          { value: 'server', label: words.server },
          { value: 'trustee', label: words.trustee },
        ]}
      />
      <p id={meansId} aria-live="polite" className="-mt-1 text-sm text-slate-600">
        {choice.mode === 'server' ? words.serverMeans : words.trusteeMeans}
      </p>
      {choice.mode === 'trustee' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={words.who}>
            <Select options={options} value={first} onValueChange={(v) => setChoice({ mode: 'trustee', trustees: second && second !== v ? [v, second] : [v] })} />
          </FormField>
          <FormField label={words.backup}>
            <Select
              options={[{ value: NO_BACKUP, label: words.noBackup }, ...options.filter((o) => o.value !== first)]}
              value={second ?? NO_BACKUP}
              onValueChange={(v) => setChoice({ mode: 'trustee', trustees: v !== NO_BACKUP ? [first!, v] : [first!] })}
            />
          </FormField>
        </div>
      )}
    </div>
  );
}
