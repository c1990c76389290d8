/**
 * The create and edit dialogs of the Message Vault (SPEC.md §2, §5 "Create message"): recipient
 * name, recipient email (type email), message type, body (6 rows) and an optional delivery date.
 * `onSave` receives the validated record fields and resolves true when the write succeeded; the
 * form then resets (the caller closes the dialog). `initial` is read when the dialog mounts: give
 * the edit dialog a `key` per message.
 */
import { useState } from 'react';
import { DatePicker } from '../../ui/DatePicker';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import { useFormValues } from '../../ui/record-form';
import { Select } from '../../ui/Select';
import {
  EMPTY_MESSAGE,
  formToMessage,
  MESSAGE_TYPE_LABELS,
  type MessageFormValues,
  type MessageType,
  validateMessage,
} from './message-form';
import { OtherVersions } from '../../ui/OtherVersions';

export interface MessageFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  /** Values to start from (edit); the empty form when absent. */
  initial?: MessageFormValues;
  onSave: (fields: ReturnType<typeof formToMessage>) => Promise<boolean>;
  /** The edited message's id, for its other versions (rules 20–23). */
  recordId?: string;
}

const typeOptions = Object.entries(MESSAGE_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const today = () => new Date(new Date().setHours(0, 0, 0, 0));

export function MessageFormDialog({ open, onOpenChange, mode, initial, onSave, recordId }: MessageFormDialogProps) {
  const { values, errors, set, setErrors, reset } = useFormValues<MessageFormValues>(initial ?? EMPTY_MESSAGE);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const found = validateMessage(values);
    if (found) return setErrors(found);
    setPending(true);
    const ok = await onSave(formToMessage(values));
    setPending(false);
    if (ok) reset(EMPTY_MESSAGE);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'create' ? 'Create New Message' : 'Edit Message'}
      description={
        mode === 'create'
          ? 'Write a message for someone you love. It stays in your vault until it is delivered.'
          : 'Update the recipient, content or delivery date of this message.'
      }
      submitLabel={mode === 'create' ? 'Save Message' : 'Update Message'}
      pending={pending}
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Recipient Name" required error={errors.recipientName}>
          <Input value={values.recipientName} onChange={(e) => set('recipientName', e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="Recipient Email" required error={errors.recipientEmail}>
          <Input
            type="email"
            value={values.recipientEmail}
            onChange={(e) => set('recipientEmail', e.target.value)}
            autoComplete="off"
          />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Message Type">
          <Select options={typeOptions} value={values.messageType} onValueChange={(v) => set('messageType', v as MessageType)} />
        </FormField>
        <FormField label="Delivery Date (optional)" hint="Leave empty to deliver upon release.">
          <DatePicker
            value={values.deliveryDate}
            onChange={(d) => set('deliveryDate', d)}
            placeholder="Upon release"
            startMonth={today()}
          />
        </FormField>
      </div>
      <FormField label="Your Message" required error={errors.messageContent}>
        <Textarea rows={6} value={values.messageContent} onChange={(e) => set('messageContent', e.target.value)} />
      </FormField>
      <OtherVersions collection="messages" id={recordId} field="messageContent" onRestore={(text) => set('messageContent', text)} />
    </FormDialog>
  );
}
