/**
 * Profile Settings → 'Personal Information' (SPEC.md §2 "Profile Settings", §4 "Profile", §5
 * "Profile save", §8): an Edit/Cancel toggle; first name, last name and email editable only in
 * edit mode and required on save; the read-only username; values as chips; beliefs. The names are
 * a useRecordForm (web/forms) on the local 'profile' record: they follow it live, and saving writes
 * only the fields changed; the header's user menu reads the record at once. Beyond SPEC.md (issue 38
 * item 8 d): the name e-mails to trustees and recipients use, "Full name" or "First name only",
 * said in one sentence to be readable by the server; saving the names or the choice writes the
 * profile's plain `emailName` (shared/profile-email-name.ts).
 */
import { type FormEvent, useCallback, useState } from 'react';
import { Pencil, X } from 'lucide-react';
import { VALUE_OPTIONS } from '../../../shared/labels';
import { type EmailNameChoice, emailNameChoiceOf, emailNameOf } from '../../../shared/profile-email-name';
import { emailSchema, type User } from '../../../shared/schema';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { runWithToasts, validateForm } from '../../ui/record-actions';
import { type MessageId, t as say, useT } from '../../i18n/i18n';
import { useProfileMessages } from './messages';

type NameFields = Pick<User, 'firstName' | 'lastName' | 'email'>;
/** The form: the names, and how e-mails name the person (the record's `emailName` holds the name itself). */
type NameForm = NameFields & { emailName: EmailNameChoice };

const EMAIL_NAME_CHOICES = ['full', 'first'] as const;

/** Looks of a field that shows a value but cannot be typed into. */
const READ_ONLY = 'bg-stone-50';

/** Record fields of (some of) the names: trimmed. The choice is not a record value: `submit` writes the name it gives. */
const namesToRecord = ({ emailName: _choice, ...names }: Partial<NameForm>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(names).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]));

export function PersonalInfoTab({ user }: { user: User }) {
  useProfileMessages();
  const { t } = useT();
  const [editing, setEditing] = useState(false);
  // The stored profile's names; before the record is on this device, the session user's.
  const toForm = useCallback(
    (p: (Partial<NameFields> & { emailName?: string | null }) | null): NameForm => ({
      firstName: p?.firstName ?? user.firstName,
      lastName: p?.lastName ?? user.lastName,
      email: p?.email ?? user.email,
      emailName: emailNameChoiceOf(p ?? user),
    }),
    [user],
  );
  const rf = useRecordForm({ collection: 'profile', id: user.id, toForm, toRecord: namesToRecord, active: editing });
  const [pending, setPending] = useState(false);
  const shown = rf.values;

  const toggleEdit = () => {
    rf.discard();
    setEditing((e) => !e);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validateForm(shown, ['firstName', 'lastName', 'email'], { email: emailSchema });
    if (found) return rf.setErrors(found);
    setPending(true);
    // The names or the choice changed: the name for e-mails follows (the last name itself stays sealed).
    const named = rf.dirty.some((f) => f === 'firstName' || f === 'lastName' || f === 'emailName');
    const also = named ? { emailName: emailNameOf(shown.firstName, shown.lastName, shown.emailName) } : undefined;
    const ok = await runWithToasts(
      async () => {
        await rf.save(undefined, also);
        return true;
      },
      { success: { title: say('profile.toast.updated') }, failure: say('profile.toast.updateFailed') },
    );
    setPending(false);
    if (ok) setEditing(false);
  };

  const set = (field: keyof NameFields) => (e: React.ChangeEvent<HTMLInputElement>) => rf.set(field, e.target.value);
  const notice = (field: keyof NameFields) => (editing ? <ChangedElsewhere record={rf} field={field} /> : undefined);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">{t('profile.tab.personal')}</CardTitle>
          <CardDescription>{t('profile.personal.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={toggleEdit} disabled={pending}>
          {editing ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {editing ? t('profile.cancel') : t('profile.edit')}
        </Button>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('profile.personal.form')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('profile.firstName')} required={editing} error={rf.errorOf('firstName')} notice={notice('firstName')}>
              <Input autoComplete="given-name" value={shown.firstName} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('firstName')} />
            </FormField>
            <FormField label={t('profile.lastName')} required={editing} error={rf.errorOf('lastName')} notice={notice('lastName')}>
              <Input autoComplete="family-name" value={shown.lastName} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('lastName')} />
            </FormField>
            <ChoiceGroup
              legend={t('profile.emailName.legend')}
              description={t('profile.emailName.note', { name: emailNameOf(shown.firstName, shown.lastName, shown.emailName) })}
              options={EMAIL_NAME_CHOICES.map((value) => ({ value, label: t(`profile.emailName.${value}`) }))}
              value={shown.emailName}
              onValueChange={(v) => rf.set('emailName', v)}
              disabled={!editing}
              className="sm:col-span-2"
            />
            <FormField label={t('profile.email')} required={editing} error={rf.errorOf('email')} notice={notice('email')} className="sm:col-span-2">
              <Input type="email" autoComplete="email" value={shown.email} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('email')} />
            </FormField>
            <FormField label={t('profile.username')} hint={t('profile.usernameHint')} className="sm:col-span-2">
              <Input value={user.username} readOnly className={READ_ONLY} />
            </FormField>
          </div>
          {user.values.length > 0 && (
            <div>
              <h3 className="text-sm font-medium text-slate-800">{t('profile.values')}</h3>
              <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('profile.valuesList')}>
                {user.values.map((id) => (
                  <li key={id} className="rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800">
                    {id in VALUE_OPTIONS ? t(`profile.value.${id}` as MessageId) : id.charAt(0).toUpperCase() + id.slice(1)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {user.beliefs && (
            <div>
              <h3 className="text-sm font-medium text-slate-800">{t('profile.beliefs')}</h3>
              <p className="mt-1 whitespace-pre-line text-slate-700">{user.beliefs}</p>
            </div>
          )}
          {editing && (
            <div className="flex justify-end">
              <Button type="submit" disabled={pending}>
                {pending ? t('profile.saving') : t('profile.save')}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
