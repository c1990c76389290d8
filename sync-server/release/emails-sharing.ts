/**
 * The words of the yearly sharing reminder (issue 43 "The owner always knows"; docs/sharing.md
 * "The yearly reminder"; queued by sharing/yearly-reminder.ts, rendered by emails.ts). The server
 * knows only how many: which things are shared and with whom is sealed on the owner's devices,
 * so the e-mail says so and sends the owner to Settings → Sharing to see who, and says how to stop.
 * In the account's language (issue 44; catalog namespace `mail`, ./mail-i18n.ts).
 */
import type { MailWords } from './mail-i18n';

/** What the reminder counts (sharing/yearly-reminder.ts): things shared now and their links, trustees who may ask for emergency access and the things they would open. */
export interface SharingCounts {
  items: number;
  links: number;
  trustees: number;
  emergencyItems: number;
}

/**
 * The reminder's body for `counts` in `w`'s language (emails-owner.ts wraps it in the greeting and
 * sign-off), links under `base`. English is its words before issue 44, word for word.
 */
export function sharingYearlyEmail(counts: SharingCounts, w: MailWords, base: string): string {
  const lines: string[] = [];
  if (counts.links > 0) lines.push(w.t('mail.sharing.links', { items: counts.items, links: counts.links }));
  if (counts.trustees > 0) {
    const ifAsked = w.t(counts.trustees === 1 ? 'mail.sharing.ifOneAsks' : 'mail.sharing.ifOneOfThemAsks');
    lines.push(w.t('mail.sharing.trustees', { count: String(counts.trustees), emergencyItems: counts.emergencyItems, ifAsked }));
  }
  return w.t('mail.sharing.body', { lines: lines.join('\n'), settings: `${base}/settings`, trusteesLink: `${base}/trustees` });
}
