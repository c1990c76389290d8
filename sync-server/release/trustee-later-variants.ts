/**
 * Every shape of a trustee's later e-mails (access at release, yearly, confirm, hand-over) the
 * queue can store, for emails-trustee-later.test.ts: each rendered in English must be the words
 * these e-mails had before issue 44 moved them onto the catalogs (trustee-later-english.json), and
 * in every language with no id, placeholder or English sentence left.
 */
import type { EmailKind, EmailParams } from './emails';

const base = 'https://afterword.example';
const link = `${base}/api/trustee/x/tok`;
const named = { ownerName: 'Ada', ownerFullName: 'Ada Lovelace', base, recipientName: 'Ben' };
const sealedName = { ownerName: 'Ada', base };

/** [kind, params, link] for each shape. */
export const variants: Array<[EmailKind, Partial<EmailParams> & { ownerName: string; base: string }, string | undefined]> = [
  ...(['full', 'documents-only', 'messages-only'] as const).flatMap((accessLevel): Array<[EmailKind, Partial<EmailParams> & { ownerName: string; base: string }, string | undefined]> => [
    ['trustee-access', { ...named, accessLevel }, link],
    ['trustee-access', { ...sealedName, accessLevel, kitToken: 'kit1' }, undefined],
    ['trustee-access', { ...named, accessLevel, cannotOpen: 'no-kits', noKitsMade: true }, link],
    ['trustee-access', { ...named, accessLevel, cannotOpen: 'no-kits', noKitsMade: false }, link],
    ['trustee-access', { ...sealedName, accessLevel, cannotOpen: 'no-own-kit' }, link],
  ]),
  ['trustee-access', { ...named, kitToken: 'kit1' }, '(preview — no link is made)'],
  ['trustee-yearly', named, link],
  ['trustee-yearly', { ...sealedName, kitToken: 'kit2' }, link],
  ['trustee-confirm-death', { ...named, kitToken: 'kit3' }, undefined],
  ['trustee-confirm-death', { ...sealedName, kitToken: 'kit3' }, '(preview — no link is made)'],
  ['trustee-handover', { ...named, kitToken: 'kit4' }, undefined],
  ['trustee-handover', { ...sealedName }, link],
];
