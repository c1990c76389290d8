import { afterEach, describe, expect, it } from 'vitest';
import type { ReleaseStatus } from '../../../shared/schema/release';
import { activateLanguage, currentLanguage, t } from '../../i18n/i18n';
import { type NoticeWords, noticeText } from './notice-words';
import { type NoticeSources, noticesOf } from './notifications';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const active: ReleaseStatus = { state: 'active', startedBy: null, startedAt: null, endsAt: null, releasedAt: null, lastCheckInAt: '2026-09-01T00:00:00Z', checkInDueAt: null };
const quiet = { status: 'synced', rejected: 0 };
/** The notices with their words in the active language (as the menu shows them). */
const said = (sources: NoticeSources, words: NoticeWords = { t, language: currentLanguage() }) => noticesOf(sources).map((n) => ({ id: n.id, ...noticeText(n, words), href: n.href, tone: n.tone }));

describe('the Notifications menu', () => {
  it('lists nothing when nothing needs attention', () => {
    expect(noticesOf({ release: active, sync: quiet, now: NOW })).toEqual([]);
    expect(noticesOf({ release: null, sync: { status: 'offline', rejected: 0 }, now: NOW })).toEqual([]);
  });

  it('lists a waiting period, an undeliverable e-mail and refused changes first, then a check-in falling due', () => {
    const waiting: ReleaseStatus = { ...active, state: 'waiting', endsAt: '2026-12-04T12:00:00Z', undeliverable: [{ id: 7, subject: 'A waiting period has started', to: 'me@example.com', reason: 'refused', at: '2026-11-27T10:00:00Z', critical: true }] };
    expect(said({ release: waiting, sync: { status: 'synced', rejected: 2 }, now: NOW }).map((n) => n.title)).toEqual([
      'A waiting period is running',
      'An e-mail could not be delivered',
      'Some changes could not be saved',
    ]);
    const due = noticesOf({ release: { ...active, checkInDueAt: '2026-12-01T00:00:00Z' }, sync: { status: 'needs-sign-in', rejected: 0 }, now: NOW });
    expect(due.map((n) => n.id)).toEqual(['sign-in', 'check-in']);
    expect(noticesOf({ release: { ...active, checkInDueAt: '2027-02-01T00:00:00Z' }, sync: quiet, now: NOW })).toEqual([]);
  });

  it('after the waiting period, while trustees are asked to confirm with their kits, says so as urgently', () => {
    const awaiting: ReleaseStatus = { ...active, state: 'awaiting-confirmations', startedAt: '2026-11-20T12:00:00Z', endsAt: '2026-11-27T12:00:00Z' };
    const [first] = said({ release: awaiting, sync: quiet, now: NOW });
    expect(first).toMatchObject({ title: 'Your trustees are being asked to confirm', tone: 'urgent', href: '/settings' });
  });

  it('says when the plan was released, and when changes are not syncing (kept on the device)', () => {
    const released: ReleaseStatus = { ...active, state: 'released', releasedAt: '2026-11-20T12:00:00Z' };
    expect(said({ release: released, sync: quiet, now: NOW })).toEqual([
      { id: 'released', title: 'Your plan was released', detail: 'On November 20, 2026: your trustees were told, and your messages reach their recipients as you chose, each on its date if it has one.', href: '/settings', tone: 'info' },
    ]);
    expect(said({ release: active, sync: { status: 'error', rejected: 0 }, now: NOW })).toEqual([
      { id: 'sync-error', title: 'Changes are not syncing yet', detail: 'Afterword keeps trying. Your changes are kept on this device until they reach the server.', href: '/settings', tone: 'info' },
    ]);
  });
});

describe('the Notifications menu in another language (issue 44)', () => {
  afterEach(() => activateLanguage('en'));

  it('words each notice from the notifications catalog, its date and count in that language', async () => {
    await activateLanguage('es');
    const waiting: ReleaseStatus = { ...active, state: 'waiting', endsAt: '2026-12-04T12:00:00Z' };
    expect(said({ release: waiting, sync: { status: 'synced', rejected: 3 }, now: NOW })).toMatchObject([
      { id: 'waiting', title: 'Hay un periodo de espera en curso', detail: 'Salvo que digas que sigues aquí, tu plan se entrega el 4 de diciembre de 2026.' },
      { id: 'rejected', title: 'Algunos cambios no se pudieron guardar', detail: 'El servidor rechazó 3 cambios; se conserva lo que había antes.' },
    ]);
  });
});
