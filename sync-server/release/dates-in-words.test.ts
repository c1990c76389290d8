/**
 * What the server writes a person about a date is in en-US long format with its zone named
 * (SPEC.md §9, shared/dates.ts): the e-mails, the report page and the readiness panel.
 */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './emails';

describe('dates the server writes (SPEC.md §9)', () => {
  it('an e-mail gives the end of a waiting period as an en-US long date with its zone', () => {
    const mail = renderEmail('owner-waiting-started', { base: 'http://x', ownerName: 'Ada Lovelace', recipientName: 'Ada', endsAt: Date.UTC(2027, 0, 8, 14, 30), waitingDays: 7 }, 'http://x/api/still-here/t');
    expect(mail.text).toContain('January 8, 2027 at 2:30 PM UTC');
    expect(mail.text).not.toMatch(/8 January 2027/);
  });

});
