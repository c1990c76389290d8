/**
 * The words of the message form's "How it reaches them" (DeliveryChoiceField.tsx; README.md "How
 * each message reaches its recipient"): what each way means, in plain words. Kept apart so the
 * browser tests read the same text. The screen shows them in the person's language
 * (`DELIVERY_WORD_IDS`, the 'message-vault' catalog); these are the English ones, which the Privacy
 * page quotes and the browser tests read (delivery-words.test.ts: the same as the catalog's English).
 */
import type { MessageId } from '../../i18n/i18n';

/** The message id of each of the delivery choice's words. */
export const DELIVERY_WORD_IDS = {
  legend: 'messages.delivery.legend',
  noKits: 'messages.delivery.noKits',
  newWithKits: 'messages.delivery.newWithKits',
  server: 'messages.delivery.server',
  trustee: 'messages.delivery.trustee',
  serverMeans: 'messages.delivery.serverMeans',
  trusteeMeans: 'messages.delivery.trusteeMeans',
  who: 'messages.delivery.who',
  backup: 'messages.delivery.backup',
  noBackup: 'messages.delivery.noBackup',
} as const satisfies Record<string, MessageId>;

export const DELIVERY_WORDS = {
  legend: 'How it reaches them',
  noKits:
    'Afterword will e-mail them a private link to this message when the time comes. Once your trustees hold trustee kits, you can choose instead that a trustee hands it over, so that the server can never read it.',
  newWithKits: 'Afterword will e-mail them a private link when the time comes. Once this message is saved, you can open it again and choose that a trustee hands it over instead.',
  server: 'The server delivers it',
  trustee: 'A trustee hands it over',
  serverMeans:
    'Afterword e-mails them a private link when the time comes. From then on, whoever runs the server, and the e-mail services it passes through, could read this message.',
  trusteeMeans:
    'When the time comes, the trustee you choose finds the link on their trustee kit page and sends it from their own e-mail; Afterword sends them nothing itself. Once your kits are in use, Afterword no longer has the key and cannot read this message: only the trustee (and the backup), the recipient and the e-mail services the link passes through ever have it. If your plan is released before your kits are in use, Afterword sends it as it sends every message.',
  who: 'Who hands it over',
  backup: 'Backup (optional)',
  noBackup: 'No backup',
} as const;
