import { describe, expect, it } from 'vitest';
import { RELEASED_WORDS } from './released-words';
import { waitingEndsText } from './waiting-words';

describe('what the owner is told a release does', () => {
  it('never promises every message sent and trustees given access: a dated letter waits, a hand-over is a trustee’s, and trustees open what was sealed only with kits', () => {
    for (const text of [RELEASED_WORDS, waitingEndsText('December 11, 2026 at 9:00 AM')]) expect(text).not.toMatch(/given access|messages will be sent/);
    expect(waitingEndsText('December 11, 2026 at 9:00 AM')).toContain('ends on December 11, 2026 at 9:00 AM');
    expect(waitingEndsText('December 11, 2026 at 9:00 AM')).toContain('if your trustee kits are in use, enough of your trustees must first confirm with their kits');
  });
});
