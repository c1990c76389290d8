/**
 * The create and edit dialogs of the Message Vault (SPEC.md §2, §5 "Create message"): recipient
 * name, recipient email (type email), message type, body (6 rows) and an optional delivery date.
 * A useRecordForm (web/forms): the edit dialog follows the stored message live and Update writes
 * only the fields the person changed; create writes only the fields that are set. `onSave`
 * receives the write to run (with the screen's toasts) and resolves true when it succeeded (the
 * caller closes the dialog). Give the edit dialog a `key` per message.
 *
 * Video and audio messages (issue #17) carry a recording, made in the app or attached
 * (MessageRecordingField); it is kept on the device and queued for upload on save, before the
 * record is written; a file the vault refuses gets the screen's failure toast with the reason and
 * nothing is written. SPEC.md's required body stays required: for a recording it reads as the note
 * that goes with it. A message switched to text drops its recording.
 */
import { useEffect, useId, useState } from 'react';
import { DatePicker } from '../../ui/DatePicker';
import { deliveryPlanText, localDayIso } from '../../../shared/delivery-rule';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import type { Message } from '../../../shared/schema';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { Select } from '../../ui/Select';
import { formToMessage, messageToForm, type MessageType, messageTypeId, validateMessage } from './message-form';
import { MESSAGE_TYPES } from '../../../shared/schema/message';
import { useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';
import { OtherVersions } from '../../ui/OtherVersions';
import { keepFile } from '../../ui/keep-file';
import { MessageRecordingField, type PendingMedia, recordingName } from './MessageRecordingField';
import { DeliveryChoiceField } from './DeliveryChoiceField';
import { DeliveryChoiceError } from './delivery-choice';
import { useDeliveryChoice } from './use-delivery-choice';
import { toast } from '../../ui/toast-store';
import { ReaderLanguageField } from '../../ui/ReaderLanguageField';

export interface MessageFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  /** The message edited (edit mode); absent for create. */
  message?: Message;
  /** Runs `write` (the local write) with toasts; resolves true when it succeeded. */
  onSave: (write: () => Promise<unknown>) => Promise<boolean>;
}

const today = () => new Date(new Date().setHours(0, 0, 0, 0));
/** How far ahead the calendar's year select reaches (a letter for a grandchild's coming of age). */
const DATE_YEARS_AHEAD = 60;
const yearsAhead = (n: number) => new Date(new Date().getFullYear() + n, 11, 31);

export function MessageFormDialog({ open, onOpenChange, mode, message, onSave }: MessageFormDialogProps) {
  useMessageVaultMessages();
  const { t } = useT();
  const typeOptions = MESSAGE_TYPES.map((value) => ({ value, label: t(messageTypeId(value)) }));
  const rf = useRecordForm({
    collection: 'messages',
    id: message?.id ?? null,
    initial: message ?? null,
    toForm: messageToForm,
    toRecord: formToMessage,
    active: open,
  });
  const { values, set } = rf;
  const planId = useId();
  const [pending, setPending] = useState(false);
  const [media, setMedia] = useState<PendingMedia | null>(null);
  useEffect(() => {
    if (!open) setMedia(null);
  }, [open]);
  // How its key reaches the recipient (README.md "Trustee kits"): sent after the message is saved.
  const delivery = useDeliveryChoice(message?.id ?? null, open);
  const kind = values.messageType === 'text' ? null : values.messageType;
  const failure = t(mode === 'create' ? 'messages.createFailed' : 'messages.updateFailed');

  const submit = async () => {
    const found = validateMessage(values);
    if (found) return rf.setErrors(found);
    setPending(true);
    let also: Record<string, unknown> = {};
    if (kind && media) {
      const name = media.name ?? recordingName(kind, values.recipientName, media.blob.type);
      const kept = await keepFile(media.blob, { name, durationMs: media.durationMs }, failure);
      if (!kept.ok) return setPending(false);
      also = { file: kept.ref };
    } else if (!kind && message?.file) also = { file: null };
    if (await onSave(() => rf.save(undefined, also))) {
      setMedia(null);
      await delivery.save().catch((err: unknown) => {
        if (!(err instanceof DeliveryChoiceError)) console.error('The delivery choice was not saved', err);
        toast({ title: t('messages.deliveryNotChanged'), description: err instanceof DeliveryChoiceError ? err.message : t('messages.tryAgain'), variant: 'destructive' });
      });
    }
    setPending(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(mode === 'create' ? 'messages.createTitle' : 'messages.editTitle')}
      description={t(mode === 'create' ? 'messages.createDescription' : 'messages.editDescription')}
      submitLabel={t(mode === 'create' ? 'messages.submitCreate' : 'messages.submitUpdate')}
      pending={pending}
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('messages.recipientName')} required error={rf.errorOf('recipientName')} notice={<ChangedElsewhere record={rf} field="recipientName" />}>
          <Input maxLength={rf.maxLength('recipientName')} value={values.recipientName} onChange={(e) => set('recipientName', e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label={t('messages.recipientEmail')} required error={rf.errorOf('recipientEmail')} notice={<ChangedElsewhere record={rf} field="recipientEmail" />}>
          <Input
            type="email"
            maxLength={rf.maxLength('recipientEmail')} value={values.recipientEmail}
            onChange={(e) => set('recipientEmail', e.target.value)}
            autoComplete="off"
          />
        </FormField>
      </div>
      <ReaderLanguageField record={rf} field="recipientLanguage" who="recipient" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('messages.typeLabel')}
          notice={<ChangedElsewhere record={rf} field="messageType" display={(v) => t(messageTypeId(v as MessageType))} />}
        >
          <Select options={typeOptions} value={values.messageType} onValueChange={(v) => set('messageType', v as MessageType)} />
        </FormField>
        <FormField
          label={t('messages.dateLabel')}
          notice={<ChangedElsewhere record={rf} field="deliveryDate" />}
        >
          <DatePicker
            value={values.deliveryDate}
            onChange={(d) => set('deliveryDate', d)}
            placeholder={t('messages.datePlaceholder')}
            startMonth={today()}
            endMonth={yearsAhead(DATE_YEARS_AHEAD)}
            notBefore={today()}
            dropdowns
            aria-describedby={planId}
          />
        </FormField>
      </div>
      {/* What will happen with the date chosen (shared/delivery-rule.ts), read out when it changes; across both columns. */}
      <p id={planId} aria-live="polite" className="-mt-2 text-sm text-slate-600">
        {deliveryPlanText(values.deliveryDate ? localDayIso(values.deliveryDate) : null, Date.now())}
      </p>
      {kind && <MessageRecordingField key={kind} kind={kind} current={message?.file ?? null} onChange={setMedia} failure={failure} />}
      {!kind && message?.file && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {t('messages.recordingDropped', { name: message.file.name })}
        </p>
      )}
      <FormField
        label={t(kind ? 'messages.noteLabel' : 'messages.bodyLabel')}
        hint={kind ? t('messages.noteHint') : undefined}
        required
        error={rf.errorOf('messageContent')}
        notice={<ChangedElsewhere record={rf} field="messageContent" />}
      >
        <Textarea rows={6} maxLength={rf.maxLength('messageContent')} value={values.messageContent} onChange={(e) => set('messageContent', e.target.value)} />
      </FormField>
      <OtherVersions collection="messages" id={message?.id} field="messageContent" onRestore={(text) => set('messageContent', text)} />
      <DeliveryChoiceField ctl={delivery} isNew={mode === 'create'} />
    </FormDialog>
  );
}
