/**
 * One message in the vault (SPEC.md §2 "Message Vault"): recipient, a 'Delivered' or 'Pending'
 * badge, the type, where its delivery stands (shared/delivery-rule.ts: the date with the rule,
 * 'Upon release', or sent on … and opened on …), a 3-line excerpt of the body,
 * "Share now" (only after the owner confirms: a letter is for after death; issue 43), and
 * edit/delete buttons named for the recipient. A video or audio message with a recording
 * (issue #17) plays it on the card (MessageRecording.tsx). A text another device wrote at the same
 * time is marked on the card until the person restores or dismisses it in the editor. An address
 * the server gives that is not the one the owner sealed (issue 39) is named as such: the card shows
 * the owner's and asks them to save the right one.
 */
import { CalendarClock, FileText, Mic, Video } from 'lucide-react';
import type { Message } from '../../../shared/schema';
import { deliveryCardText } from '../../../shared/delivery-rule';
import { SealAddressButton } from '../keys';
import { ShareButton, shareLetterAsk } from '../sharing';
import { letterAddress, letterAddressNotice } from './address-check';
import { useReleaseStore } from '../release';
import { useConflictCount } from '../../db/versions';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { CardActions } from '../../ui/CardGrid';
import { messageTypeId } from './message-form';
import { useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';
import { MessageRecording } from './MessageRecording';

const TYPE_ICONS = { text: FileText, video: Video, audio: Mic } as const;

export interface MessageCardProps {
  message: Message;
  onEdit: () => void;
  onDelete: () => void;
  /** True when this device refused the letter's sealed address copy at its pull (address-check.ts). */
  addressRefused?: boolean;
}

export function MessageCard({ message, onEdit, onDelete, addressRefused = false }: MessageCardProps) {
  useMessageVaultMessages();
  const { t } = useT();
  const name = message.recipientName;
  const TypeIcon = TYPE_ICONS[message.messageType];
  // The release status the banner loads (web/features/release): after a release, the real state.
  const released = useReleaseStore((s) => s.status?.state === 'released');
  // A letter a trustee hands over is never "being sent" by Afterword (the status names them).
  const handedOver = useReleaseStore((s) => s.status?.handedOver?.includes(message.id) ?? false);
  // A version another device wrote at the same time stays marked on the card until the person
  // has dealt with it in the editor (Restore or Dismiss), not only in a passing toast.
  const conflicts = useConflictCount('messages', message.id, 'messageContent');
  const addressNotice = letterAddressNotice(message, addressRefused);
  return (
    <Card className="flex h-full flex-col">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-5 pb-3">
        <div className="min-w-0 max-w-full">
          <h2 className="text-lg break-words font-semibold text-slate-900">{message.recipientName}</h2>
          <p className="text-sm break-all text-slate-600">{letterAddress(message)}</p>
        </div>
        <Badge color={message.delivered ? 'green' : 'yellow'} className="shrink-0">
          {t(message.delivered ? 'messages.delivered' : 'messages.pending')}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-5 pb-4">
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('messages.typeTerm')}</dt>
            <TypeIcon className="size-4 text-slate-500" aria-hidden="true" />
            <dd>{t(messageTypeId(message.messageType))}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t('messages.deliveryTerm')}</dt>
            <CalendarClock className="size-4 text-slate-500" aria-hidden="true" />
            <dd>{deliveryCardText(message, Date.now(), released, handedOver)}</dd>
          </div>
        </dl>
        {message.file && <MessageRecording file={message.file} recipientName={message.recipientName} messageType={message.messageType} />}
        <p className="line-clamp-3 text-slate-700 whitespace-pre-line break-words">{message.messageContent}</p>
        {addressNotice && (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            <p>{addressNotice}</p>
            {addressRefused && <SealAddressButton collection="messages" id={message.id} whose={message.recipientName} />}
          </div>
        )}
        {conflicts > 0 && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('messages.conflict')}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-200 px-3 py-1.5">
        <ShareButton item={{ kind: 'letter', id: message.id }} title={t('messages.shareTitle', { name })} variant="ghost" askFirst={shareLetterAsk(message.recipientName)} />
        <CardActions
          itemName={name}
          labels={{ edit: t('messages.editLabel', { name }), delete: t('messages.deleteLabel', { name }) }}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </div>
    </Card>
  );
}
