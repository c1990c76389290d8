/**
 * What the owner's e-mails and a trustee's report pages promise about a release says what the code
 * does (SECURITY.md "Trustee kits: who can read what", "The escrow until k kits"): with kits in use
 * the waiting period ends in the trustees' confirmations, not a release; a released plan does not
 * "give trustees access" to what was sealed without their kits, and a message goes as its owner
 * chose (on its date, by Afterword or by the trustee who hands it over), not "is being sent".
 */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './emails';
import { reportConfirm, reportIntro } from './report-form';

const base = { ownerName: 'Ada', base: 'https://afterword.example', recipientName: 'Ada', waitingDays: 14, endsAt: Date.parse('2026-12-11T00:00:00Z') };
const stale = /given access|will be given access|messages (will be|are being|are) sent/;

describe('the owner\'s release e-mails and the report pages', () => {
  it('the reminder and the waiting period say the release goes as set up, and that with kits the trustees confirm first', () => {
    for (const kind of ['owner-reminder', 'owner-waiting-started'] as const) {
      const { text } = renderEmail(kind, base, 'https://afterword.example/x');
      expect(text).not.toMatch(stale);
      expect(text).toMatch(/if your trustee kits are in use, enough of your trustees must first confirm with their kits/);
    }
  });

  it('the release e-mail says trustees were told and messages go as chosen, not that everything was sent and shared', () => {
    const { text } = renderEmail('owner-released', base);
    expect(text).not.toMatch(stale);
    expect(text).toContain('Your trustees have been told, and your messages reach the people you wrote them for as you chose, each on its date if it has one.');
  });

  it('a trustee reporting a death is told what follows, kits included, and no promise of access', () => {
    const intro = String(reportIntro({ first: 'Ada', waitingDays: 14, confirmPath: '/c', stillTrusteePath: '/s' }));
    const confirm = String(reportConfirm({ first: 'Ada', waitingDays: 14, action: '/a', backPath: '/b' }));
    for (const page of [intro, confirm]) {
      expect(page).not.toMatch(stale);
      expect(page).toMatch(/trustee kits/);
    }
  });
});
