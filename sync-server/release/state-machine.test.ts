import { describe, expect, it } from 'vitest';
import { type Actor, DAY_MS, LAPSE_GRACE_DAYS, REMINDER_OFFSETS_DAYS, TransitionError, initialState, transition } from './state-machine';
import { type ReleaseState } from './model';

const T0 = Date.UTC(2026, 0, 1, 9);
const owner: Actor = { kind: 'owner' };
const system: Actor = { kind: 'system' };
const trustee = (status: 'invited' | 'accepted' | 'removed' = 'accepted'): Actor => ({
  kind: 'trustee',
  trusteeId: 't1',
  name: 'Grace Hopper',
  status,
});

/** A fake clock and a state the test drives step by step. */
function machine(start: ReleaseState = initialState(T0)) {
  let now = T0;
  let state = start;
  const emails: string[] = [];
  const log: string[] = [];
  return {
    get state() {
      return state;
    },
    emails,
    log,
    advance(ms: number) {
      now += ms;
    },
    step(actor: Actor, event: Parameters<typeof transition>[2]) {
      const out = transition(state, actor, event, now);
      state = out.state;
      emails.push(...out.emails.map((e) => e.dedupeKey));
      log.push(...out.activity.map((a) => a.kind));
      return out;
    },
  };
}

function refused(fn: () => unknown, code: 'forbidden' | 'wrong-state') {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TransitionError);
    expect((err as TransitionError).code).toBe(code);
    return (err as TransitionError).message;
  }
  throw new Error('expected a TransitionError');
}

describe('release state machine', () => {
  it('starts active with check-ins off and a 7-day waiting period', () => {
    const s = initialState(T0);
    expect(s).toMatchObject({ phase: 'active', checkInDays: 0, waitingDays: 7, lastCheckInAt: T0 });
  });

  it('a report carries the date of death and note the trustee gave, for the owner to read while waiting', () => {
    const m = machine();
    const out = m.step(trustee(), { type: 'report', diedOn: '2026-11-20', note: 'She went peacefully at home.' });
    expect(m.state.startedBy).toEqual({ kind: 'trustee', trusteeId: 't1', name: 'Grace Hopper', diedOn: '2026-11-20', note: 'She went peacefully at home.' });
    expect(out.activity[0]!.text).toBe('Grace Hopper reported your passing, giving the date of death as November 20, 2026, with a note. A waiting period of 7 days began.');
  });

  it('an accepted trustee report starts waiting; the owner cancels back to active', () => {
    const m = machine();
    const out = m.step(trustee(), { type: 'report' });
    expect(m.state).toMatchObject({
      phase: 'waiting',
      startedAt: T0,
      endsAt: T0 + 7 * DAY_MS,
      startedBy: { kind: 'trustee', trusteeId: 't1', name: 'Grace Hopper' },
      episode: 1,
    });
    expect(out.activity[0]!.text).toBe('Grace Hopper reported your passing. A waiting period of 7 days began.');
    m.advance(3 * DAY_MS);
    m.step(owner, { type: 'cancel' });
    expect(m.state).toMatchObject({ phase: 'active', startedAt: null, endsAt: null, startedBy: null, lastCheckInAt: T0 + 3 * DAY_MS });
    expect(m.emails).toEqual(['waiting-started:1', 'cancelled:1']);
    expect(m.log).toEqual(['trustee-reported', 'cancelled']);
  });

  it('cancel during waiting stops the release even after the period would have ended', () => {
    const m = machine();
    m.step(trustee(), { type: 'report' });
    m.advance(7 * DAY_MS - 1);
    m.step(system, { type: 'tick' });
    expect(m.state.phase).toBe('waiting');
    m.step(owner, { type: 'cancel' });
    m.advance(30 * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state.phase).toBe('active');
  });

  it('releases when the waiting period is over, exactly once', () => {
    const m = machine();
    m.step(owner, { type: 'settings', waitingDays: 2 });
    m.step(trustee(), { type: 'report' });
    m.advance(2 * DAY_MS);
    const out = m.step(system, { type: 'tick' });
    expect(m.state).toMatchObject({ phase: 'released', releasedAt: T0 + 2 * DAY_MS });
    expect(out.emails).toEqual([{ kind: 'released', dedupeKey: 'released' }]);
    for (let i = 0; i < 3; i++) {
      m.advance(DAY_MS);
      expect(m.step(system, { type: 'tick' })).toMatchObject({ activity: [], emails: [] });
    }
    expect(m.log.filter((k) => k === 'released')).toHaveLength(1);
    // Nothing leaves the released state.
    refused(() => m.step(owner, { type: 'cancel' }), 'wrong-state');
    refused(() => m.step(trustee(), { type: 'report' }), 'wrong-state');
    refused(() => m.step(owner, { type: 'settings', checkInDays: 30 }), 'wrong-state');
    expect(m.step(owner, { type: 'check-in' }).state.phase).toBe('released');
  });

  it('a lapsed check-in sends reminders first, then starts waiting, then releases', () => {
    const m = machine();
    m.step(owner, { type: 'settings', checkInDays: 30 });
    m.advance(30 * DAY_MS - 1);
    m.step(system, { type: 'tick' });
    expect(m.emails).toEqual([]);
    m.advance(1); // due
    m.step(system, { type: 'tick' });
    m.step(system, { type: 'tick' }); // evaluated twice: nothing twice
    expect(m.emails).toEqual([`reminder:${T0}:1`]);
    m.advance(REMINDER_OFFSETS_DAYS[1] * DAY_MS);
    m.step(system, { type: 'tick' });
    m.advance((REMINDER_OFFSETS_DAYS[2] - REMINDER_OFFSETS_DAYS[1]) * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state).toMatchObject({ phase: 'active', remindersSent: 3 });
    m.advance((LAPSE_GRACE_DAYS - REMINDER_OFFSETS_DAYS[2]) * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state).toMatchObject({ phase: 'waiting', startedBy: { kind: 'check-in' } });
    m.advance(7 * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state.phase).toBe('released');
    expect(m.log).toEqual([
      'settings-changed',
      'reminder-sent',
      'reminder-sent',
      'reminder-sent',
      'check-in-lapsed',
      'released',
    ]);
    expect(m.emails).toEqual([`reminder:${T0}:1`, `reminder:${T0}:2`, `reminder:${T0}:3`, 'waiting-started:1', 'released']);
  });

  it('a check-in during reminders resets the timer; checking in does not end a waiting period', () => {
    const m = machine();
    m.step(owner, { type: 'settings', checkInDays: 30 });
    m.advance(31 * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state.remindersSent).toBe(1);
    m.step(owner, { type: 'check-in' });
    expect(m.state).toMatchObject({ remindersSent: 0, lastCheckInAt: T0 + 31 * DAY_MS });
    m.advance(29 * DAY_MS);
    m.step(system, { type: 'tick' });
    expect(m.state.remindersSent).toBe(0);

    m.step(trustee(), { type: 'report' });
    m.step(owner, { type: 'check-in' });
    expect(m.state.phase).toBe('waiting');
  });

  it('after a long outage sends one reminder, not a burst', () => {
    const m = machine();
    m.step(owner, { type: 'settings', checkInDays: 60 });
    m.advance(66 * DAY_MS);
    const out = m.step(system, { type: 'tick' });
    expect(out.emails).toHaveLength(1);
    expect(m.state.remindersSent).toBe(3);
  });

  it('refuses every forbidden actor and state', () => {
    const m = machine();
    // Not the owner.
    for (const a of [system, trustee()]) {
      refused(() => m.step(a, { type: 'cancel' }), 'forbidden');
      refused(() => m.step(a, { type: 'settings', checkInDays: 30 }), 'forbidden');
      refused(() => m.step(a, { type: 'check-in' }), 'forbidden');
    }
    // Only trustees report, and only accepted ones.
    refused(() => m.step(owner, { type: 'report' }), 'forbidden');
    refused(() => m.step(system, { type: 'report' }), 'forbidden');
    expect(refused(() => m.step(trustee('invited'), { type: 'report' }), 'forbidden')).toBe('This trustee has not accepted the invitation');
    // Only the scheduler ticks.
    refused(() => m.step(owner, { type: 'tick' }), 'forbidden');
    refused(() => m.step(trustee(), { type: 'tick' }), 'forbidden');
    // Cancel only while waiting.
    refused(() => m.step(owner, { type: 'cancel' }), 'wrong-state');
    m.step(trustee(), { type: 'report' });
    // A second report while waiting is refused.
    refused(() => m.step({ ...trustee(), trusteeId: 't2' } as Actor, { type: 'report' }), 'wrong-state');
    expect(m.state.episode).toBe(1);
  });

  it('refuses a report from a removed trustee', () => {
    const m = machine();
    expect(refused(() => m.step(trustee('removed'), { type: 'report' }), 'forbidden')).toBe('This trustee has been removed');
    expect(m.state.phase).toBe('active');
    expect(m.emails).toEqual([]);
  });

  it('a second waiting period has its own emails; settings keep a running end date', () => {
    const m = machine();
    m.step(trustee(), { type: 'report' });
    m.step(owner, { type: 'cancel' });
    m.step(trustee(), { type: 'report' });
    const endsAt = m.state.endsAt;
    m.step(owner, { type: 'settings', waitingDays: 30 });
    expect(m.state.endsAt).toBe(endsAt);
    expect(m.emails).toEqual(['waiting-started:1', 'cancelled:1', 'waiting-started:2']);
  });
});

describe('awaiting-confirmations (trustee kits)', () => {
  const waitingOver = () => {
    const m = machine();
    m.step(trustee(), { type: 'report' });
    m.advance(7 * DAY_MS);
    return m;
  };

  it('a waiting period with current kits ends in awaiting-confirmations, not released; without kits it releases as before', () => {
    const m = waitingOver();
    m.step(system, { type: 'tick', kitsCurrent: true });
    expect(m.state.phase).toBe('awaiting-confirmations');
    expect(m.state.releasedAt).toBeNull();
    expect(m.emails).toContain('awaiting-confirmations:1');
    expect(m.log.at(-1)).toBe('awaiting-confirmations');
    m.advance(30 * DAY_MS);
    m.step(system, { type: 'tick', kitsCurrent: true });
    expect(m.state.phase).toBe('awaiting-confirmations'); // time alone never releases it
    const plain = waitingOver();
    plain.step(system, { type: 'tick' });
    expect(plain.state.phase).toBe('released');
  });

  it('only the server\'s k confirmations release it, only from awaiting-confirmations; a report is refused meanwhile', () => {
    const m = waitingOver();
    expect(() => transition(m.state, system, { type: 'confirmed' }, T0)).toThrow(TransitionError); // still waiting
    m.step(system, { type: 'tick', kitsCurrent: true });
    expect(() => transition(m.state, owner, { type: 'confirmed' }, T0)).toThrow(TransitionError);
    expect(() => transition(m.state, trustee(), { type: 'confirmed' }, T0)).toThrow(TransitionError);
    expect(() => transition(m.state, trustee(), { type: 'report' }, T0)).toThrow(TransitionError);
    const out = m.step(system, { type: 'confirmed' });
    expect(m.state.phase).toBe('released');
    expect(out.activity.map((a) => [a.kind, a.text])).toEqual([['released', 'Your trustees confirmed with their kits. Your account was released.']]);
    expect(out.emails.map((e) => e.kind)).toEqual(['released']);
  });

  it('"I\'m still here" still cancels it', () => {
    const m = waitingOver();
    m.step(system, { type: 'tick', kitsCurrent: true });
    const out = m.step(owner, { type: 'cancel' });
    expect(m.state.phase).toBe('active');
    expect(out.activity[0]!.text).toBe("You said \u201cI'm still here\u201d. Your trustees' confirmations were erased and nothing was released.");
  });
});
