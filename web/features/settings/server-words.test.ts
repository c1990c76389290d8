/**
 * The server's own words on Settings in the owner's language (issue 44, server-words.ts): what is
 * missing and the activity lines come as codes with params, and a German owner reads them in
 * German; English is the server's text word for word; a code this app does not know (a newer
 * server's) and a line without one show the server's text. Rendered as the app renders them
 * (react-dom/server inside Lingui's provider), from the items as the API sends them.
 */
import { I18nProvider } from '@lingui/react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReleaseActivity } from '../../../shared/schema/release';
import type { ServerWord } from '../../../shared/server-words';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { ActivityCard } from './ActivityCard';
import { MissingList } from './MissingList';
import './messages';

/** The element's text as a person reads it: tags out, entities decoded, spaces as one. */
const textOf = (el: ReactElement) =>
  renderToStaticMarkup(createElement(I18nProvider, { i18n }, el))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const ann = 'ann@example.com';
/** Two lines of what is missing, as GET /api/release/readiness sends them (missingItems). */
const missingItems: ServerWord[] = [
  { code: 'serverWords.missing.trusteeNotAccepted', params: { email: ann }, text: `Your trustee ${ann} has not accepted yet. You can resend the invitation.` },
  {
    code: 'serverWords.missing.emailsWaiting',
    params: { count: 2, quota: 'invite', what: 'invitations to trustees', untilAt: '2026-12-01T09:00:00.000Z' },
    text: "2 e-mails wait for tomorrow: your account reached today's limit of invitations to trustees. The next goes out on December 1, 2026 at 9:00 AM UTC.",
  },
];
/** Two activity lines, as GET /api/release/activity sends them. */
const activity: ReleaseActivity[] = [
  { id: 2, at: '2026-11-20T09:00:00.000Z', kind: 'settings-changed', code: 'serverWords.activity.waitingPeriodSet', params: { days: 14 }, text: 'Waiting period set to 14 days.' },
  { id: 1, at: '2026-11-19T09:00:00.000Z', kind: 'trustee-accepted', code: 'serverWords.activity.trusteeAccepted', params: { email: ann }, text: `${ann} accepted your invitation.` },
];
const missing = (items: ServerWord[]) => textOf(createElement(MissingList, { readiness: { missing: items.map((m) => m.text), missingItems: items } }));
const lines = (a: ReleaseActivity[]) => textOf(createElement(ActivityCard, { activity: a }));

describe("Settings says the server's words in the owner's language", () => {
  afterEach(() => activateLanguage('en'));

  it('English is the text the server wrote, word for word', () => {
    expect(missing(missingItems)).toBe(`What is missing ${missingItems.map((m) => m.text).join(' ')}`);
    const shown = lines(activity);
    for (const a of activity) expect(shown).toContain(a.text);
  });

  it('a German owner reads what is missing and the activity lines in German', async () => {
    await activateLanguage('de');
    const list = missing(missingItems);
    expect(list).toContain(`Ihre Vertrauensperson ${ann} hat noch nicht angenommen. Sie können die Einladung erneut senden.`);
    expect(list).toContain('2 E-Mails warten auf morgen: Ihr Konto hat das heutige Limit für Einladungen an Vertrauenspersonen erreicht.');
    expect(list).toContain('1. Dezember 2026');
    const shown = lines(activity);
    expect(shown).toContain('Wartezeit auf 14 Tage gesetzt.');
    expect(shown).toContain(`${ann} hat Ihre Einladung angenommen.`);
    expect(`${list} ${shown}`).not.toMatch(/trustee|accepted|Waiting period|December/);
  });

  it("a code the app does not know, and a line from before the codes, show the server's text", async () => {
    await activateLanguage('de');
    const newer = { code: 'serverWords.missing.somethingNew', params: {}, text: 'Something only a newer server says.' };
    expect(missing([newer])).toContain('Something only a newer server says.');
    expect(textOf(createElement(MissingList, { readiness: { missing: ['An older server’s sentence.'] } }))).toContain('An older server’s sentence.');
    expect(lines([{ id: 3, at: '2026-11-18T09:00:00.000Z', kind: 'settings-changed', text: 'Check-in interval set to 30 days.' }])).toContain('Check-in interval set to 30 days.');
  });
});
