/**
 * What the owner is told a release does (Settings' readiness card once released, the Notifications
 * menu's released notice, the waiting period's banner): the trustees were told, and each message goes
 * the way its owner chose (on its date if it has one, by Afterword's e-mail or by the trustee chosen
 * to hand it over: shared/delivery-rule.ts). Never "sent" nor "given access": a dated message waits,
 * a hand-over is the trustee's, and without trustee kits trustees open nothing sealed.
 */
import { describe, expect, it } from 'vitest';
import notifications from '../../i18n/catalogs/en/notifications.json';
import settings from '../../i18n/catalogs/en/settings.json';
import { t } from '../../i18n/i18n';
import '../notifications/notice-words';
import '../settings/messages';
import { waitingEndsText } from './waiting-words';

describe('what the owner is told a release does', () => {
  it('never promises every message sent and trustees given access: a dated letter waits, a hand-over is a trustee’s, and trustees open what was sealed only with kits', () => {
    expect(Object.hasOwn(settings, 'settings.readiness.releasedOn') && Object.hasOwn(notifications, 'notifications.released.detail')).toBe(true);
    const released = [t('settings.readiness.releasedOn', { date: 'November 20, 2026' }), t('notifications.released.detail', { date: 'November 20, 2026' })];
    for (const text of [...released, waitingEndsText('December 11, 2026 at 9:00 AM')]) expect(text).not.toMatch(/given access|messages will be sent/);
    for (const text of released) expect(text).toContain('your trustees were told, and your messages reach their recipients as you chose, each on its date if it has one');
    expect(waitingEndsText('December 11, 2026 at 9:00 AM')).toContain('ends on December 11, 2026 at 9:00 AM');
    expect(waitingEndsText('December 11, 2026 at 9:00 AM')).toContain('if your trustee kits are in use, enough of your trustees must first confirm with their kits');
  });
});
