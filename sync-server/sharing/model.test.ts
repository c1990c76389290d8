/** The share state machine (model.ts) with the project's test clock. */
import { describe, expect, it } from 'vitest';
import { newShare, shareTransition, ShareTransitionError, type ShareEvent, type ShareState } from './model';
import { drivenTestClock } from '../test/test-clock-driver';

const owner = { kind: 'owner' } as const;
const viewer = { kind: 'viewer' } as const;

function refused(fn: () => unknown, code: ShareTransitionError['code']) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ShareTransitionError);
    expect((err as ShareTransitionError).code).toBe(code);
    return;
  }
  throw new Error(`expected a refusal (${code})`);
}

describe('share: created → active → stopped', () => {
  it('goes active with its first copy, takes each newer copy in turn, notes an opening, and stops for good', async () => {
    const clock = drivenTestClock();
    const t0 = clock.now();
    let s: ShareState = newShare(t0);
    expect(s).toMatchObject({ phase: 'created', revision: 0, createdAt: t0 });
    refused(() => shareTransition(s, viewer, { type: 'open' }, clock.now()), 'wrong-state'); // nothing to open yet
    s = shareTransition(s, owner, { type: 'publish', revision: 1, after: 0 }, clock.now());
    expect(s.phase).toBe('active');
    await clock.advance(60_000);
    s = shareTransition(s, viewer, { type: 'open' }, clock.now());
    expect(s.openedAt).toBeGreaterThanOrEqual(t0 + 60_000);
    await clock.advance(3_600_000);
    s = shareTransition(s, owner, { type: 'publish', revision: 2, after: 1 }, clock.now());
    expect(s).toMatchObject({ phase: 'active', revision: 2 });
    expect(s.updatedAt).toBeGreaterThanOrEqual(t0 + 3_660_000);
    await clock.advance(86_400_000);
    s = shareTransition(s, owner, { type: 'stop' }, clock.now());
    expect(s.phase).toBe('stopped');
    expect(s.stoppedAt).toBeGreaterThanOrEqual(t0 + 86_400_000);
    for (const e of [{ type: 'open' }, { type: 'publish', revision: 3, after: 2 }, { type: 'stop' }] satisfies ShareEvent[]) {
      refused(() => shareTransition(s, e.type === 'open' ? viewer : owner, e, clock.now()), 'wrong-state');
    }
  });

  it('refuses a copy sealed over an older revision (two devices), and a viewer who tries to change or stop it', async () => {
    const clock = drivenTestClock();
    let s = shareTransition(newShare(clock.now()), owner, { type: 'publish', revision: 1, after: 0 }, clock.now());
    s = shareTransition(s, owner, { type: 'publish', revision: 2, after: 1 }, clock.now());
    refused(() => shareTransition(s, owner, { type: 'publish', revision: 2, after: 1 }, clock.now()), 'stale');
    refused(() => shareTransition(s, owner, { type: 'publish', revision: 4, after: 2 }, clock.now()), 'stale');
    refused(() => shareTransition(s, viewer, { type: 'publish', revision: 3, after: 2 }, clock.now()), 'forbidden');
    refused(() => shareTransition(s, viewer, { type: 'stop' }, clock.now()), 'forbidden');
    expect(shareTransition(newShare(clock.now()), owner, { type: 'stop' }, clock.now()).phase).toBe('stopped'); // a share never sent can be stopped
  });
});
