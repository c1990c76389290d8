/**
 * Profile Settings → 'Personal Information' (SPEC.md §2 "Profile Settings", §4 "Profile", §5
 * "Profile save", §8): an Edit/Cancel toggle; first name, last name and email editable only in
 * edit mode and required on save; the read-only username; values as chips; beliefs. Saving writes
 * the local 'profile' record, which the header's user menu reads at once.
 */
import { type FormEvent, useState } from 'react';
import { Pencil, X } from 'lucide-react';
import { VALUE_OPTIONS } from '../../../shared/labels';
import { emailSchema, type User } from '../../../shared/schema';
import { save } from '../../db';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { type FieldErrors, runWithToasts, validateForm } from '../../ui/record-actions';

type NameFields = Pick<User, 'firstName' | 'lastName' | 'email'>;

/** Looks of a field that shows a value but cannot be typed into. */
const READ_ONLY = 'bg-stone-50';

const namesOf = (user: User): NameFields => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });

export function PersonalInfoTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<NameFields>(() => namesOf(user));
  const [errors, setErrors] = useState<FieldErrors<keyof NameFields>>({});
  const [pending, setPending] = useState(false);
  const shown = editing ? form : namesOf(user);

  const toggleEdit = () => {
    setForm(namesOf(user));
    setErrors({});
    setEditing((e) => !e);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const found = validateForm(form, ['firstName', 'lastName', 'email'], { email: emailSchema });
    setErrors(found ?? {});
    if (found) return;
    setPending(true);
    const ok = await runWithToasts(
      async () => {
        await save('profile', user.id, { firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim() });
        return true;
      },
      { success: { title: 'Profile updated' }, failure: 'Failed to update profile' },
    );
    setPending(false);
    if (ok) setEditing(false);
  };

  const set = (field: keyof NameFields) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }));

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle as="h2">Personal Information</CardTitle>
          <CardDescription>Your name and email as they appear across Afterword.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={toggleEdit} disabled={pending}>
          {editing ? <X aria-hidden="true" /> : <Pencil aria-hidden="true" />}
          {editing ? 'Cancel' : 'Edit'}
        </Button>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Personal information">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" required={editing} error={errors.firstName}>
              <Input autoComplete="given-name" value={shown.firstName} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('firstName')} />
            </FormField>
            <FormField label="Last Name" required={editing} error={errors.lastName}>
              <Input autoComplete="family-name" value={shown.lastName} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('lastName')} />
            </FormField>
            <FormField label="Email" required={editing} error={errors.email} className="sm:col-span-2">
              <Input type="email" autoComplete="email" value={shown.email} readOnly={!editing} className={editing ? undefined : READ_ONLY} onChange={set('email')} />
            </FormField>
            <FormField label="Username" hint="Username cannot be changed." className="sm:col-span-2">
              <Input value={user.username} readOnly className={READ_ONLY} />
            </FormField>
          </div>
          {user.values.length > 0 && (
            <div>
              <h3 className="text-sm font-medium text-slate-800">Your Values</h3>
              <ul className="mt-2 flex flex-wrap gap-2" aria-label="Your values">
                {user.values.map((id) => (
                  <li key={id} className="rounded-full bg-accent-100 px-3 py-1 text-sm font-medium text-accent-800">
                    {VALUE_OPTIONS[id]?.title ?? id.charAt(0).toUpperCase() + id.slice(1)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {user.beliefs && (
            <div>
              <h3 className="text-sm font-medium text-slate-800">Your Beliefs</h3>
              <p className="mt-1 whitespace-pre-line text-slate-700">{user.beliefs}</p>
            </div>
          )}
          {editing && (
            <div className="flex justify-end">
              <Button type="submit" disabled={pending}>
                {pending ? 'Saving...' : 'Save Changes'}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
