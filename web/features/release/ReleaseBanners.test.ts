/**
 * The release banners on the catalogs (issue 44, session 27): English says word for word what the
 * banners said inline before (their sentences were rebuilt from parts: who started the wait, when,
 * and what happens when it ends), and another language says its own words, dates included.
 * Rendered as the app renders them (react-dom/server inside Lingui's provider).
 */
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from '../../../shared/dates';
import type { ReleaseStatus, UndeliverableEmail } from '../../../shared/schema/release';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { UndeliverableBanner, WaitingBanner } from './ReleaseBanners';

const STARTED = '2026-11-20T09:00:00.000Z';
const ENDS = '2026-12-11T09:00:00.000Z';
const noop = async () => null;
/** One owner's e-mail that never arrived, as GET /api/release/status names it. */
const undelivered = (reason: UndeliverableEmail['reason']): UndeliverableEmail[] => [{ id: 1, subject: 'A waiting period has started', to: 'me@example.com', at: STARTED, reason, critical: true }];

/** The banner's text as a person reads it: tags out, entities decoded, spaces as one. */
const textOf = (el: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(I18nProvider, { i18n }, el))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const waiting = (extra: Partial<ReleaseStatus> = {}) => ({ state: 'waiting', startedAt: STARTED, endsAt: ENDS, ...extra }) as ReleaseStatus;

describe('the release banners, on the catalogs', () => {
  afterEach(() => activateLanguage('en'));

  it('English says what the banners said before, word for word', () => {
    const ends = `Unless you cancel it, the waiting period ends on ${formatLongDateTime(ENDS)}, and your plan is then released as you set it up: your messages reach the people you wrote them for, and your trustees are told (if your trustee kits are in use, enough of your trustees must first confirm with their kits).`;
    expect(textOf(createElement(WaitingBanner, { status: waiting(), cancelling: false, onStillHere: noop }))).toBe(
      `A waiting period is running Your check-ins lapsed on ${formatLongDateTime(STARTED)}. ${ends} I'm still here`,
    );
    const reported = waiting({ startedBy: { kind: 'trustee', name: 'ann@example.com', diedOn: '2026-11-19', note: 'She went peacefully.' } } as Partial<ReleaseStatus>);
    expect(textOf(createElement(WaitingBanner, { status: reported, cancelling: false, onStillHere: noop }))).toBe(
      `A waiting period is running ann@example.com, one of your trustees, reported your passing on ${formatLongDateTime(STARTED)}. ${ends} The date of death they gave: ${formatLongDate('2026-11-19')}. Their note: She went peacefully. I'm still here`,
    );
    const awaiting = { state: 'awaiting-confirmations', startedAt: STARTED } as ReleaseStatus;
    expect(textOf(createElement(WaitingBanner, { status: awaiting, cancelling: false, onStillHere: noop }))).toBe(
      `Your trustees are being asked to confirm Your check-ins lapsed on ${formatLongDateTime(STARTED)}, and the waiting period is over. Your trustees with kits are being asked to confirm only if they know you have died; nothing is released until enough of them do. Unless you cancel it, your messages will then go out (or be handed over by the trustees you chose) and your trustees with kits will be able to open what you left them. I'm still here`,
    );
    expect(textOf(createElement(UndeliverableBanner, { emails: undelivered('refused'), onDismiss: () => undefined }))).toBe(
      `An important e-mail to you could not be delivered “A waiting period has started” to me@example.com on ${formatLongDateTime(STARTED)}: your mail server refused it. Check your e-mail address in your profile, and Settings for what happened. Dismiss`,
    );
  });

  it('in German, the banner and its dates are German; the server’s words (the subject) stay as they came', async () => {
    await activateLanguage('de');
    const text = textOf(createElement(WaitingBanner, { status: waiting(), cancelling: false, onStillHere: noop }));
    expect(text).toContain('Eine Wartezeit läuft');
    expect(text).toContain('Ich bin noch da');
    expect(text).toContain('11. Dezember 2026');
    expect(text).not.toMatch(/waiting period|December/);
    expect(textOf(createElement(UndeliverableBanner, { emails: undelivered('expired'), onDismiss: () => undefined }))).toContain('„A waiting period has started“ an me@example.com am 20. November 2026');
  });
});
