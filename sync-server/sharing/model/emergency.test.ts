/** The emergency-access state machine (model/emergency.ts) with the project's test clock. */
import { describe, expect, it } from 'vitest';
import {
  EMERGENCY_WAIT_HOURS,
  EmergencyTransitionError,
  HOUR_MS,
  emergencyTransition,
  gateOpen,
  nextInOrder,
  requestEmergency,
  type EmergencyActor,
  type EmergencyEvent,
  type EmergencyState,
} from './emergency';
import { drivenTestClock } from '../../test/test-clock-driver';

const owner: EmergencyActor = { kind: 'owner' };
const system: EmergencyActor = { kind: 'system' };
const maria = (status: 'invited' | 'accepted' | 'removed' = 'accepted'): EmergencyActor => ({ kind: 'trustee', trusteeId: 'maria', status });

function refused(fn: () => unknown, code: EmergencyTransitionError['code']) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(EmergencyTransitionError);
    expect((err as EmergencyTransitionError).code).toBe(code);
    return;
  }
  throw new Error(`expected a refusal (${code})`);
}

/** Maria asks with `waitHours`, the owner is told: a request in `waiting`, and the clock. */
function waiting(waitHours: number = EMERGENCY_WAIT_HOURS.default) {
  const clock = drivenTestClock();
  let s = requestEmergency(maria(), waitHours, clock.now());
  s = emergencyTransition(s, system, { type: 'notified' }, clock.now());
  return { clock, s };
}

describe('emergency access: requested → waiting → refused | granted → ended', () => {
  it('waits 48 hours by default from when the owner was told; nothing opens a minute before, the gate opens after', async () => {
    const { clock, s: w } = waiting();
    expect(w.phase).toBe('waiting');
    expect(w.waitEndsAt! - w.notifiedAt!).toBe(48 * HOUR_MS);
    let s: EmergencyState = w;
    await clock.advance(48 * HOUR_MS - 60_000);
    s = emergencyTransition(s, system, { type: 'tick' }, clock.now());
    expect(s.phase).toBe('waiting');
    expect(gateOpen(s, clock.now())).toBe(false);
    await clock.advance(60_000);
    s = emergencyTransition(s, system, { type: 'tick' }, clock.now());
    expect(s.phase).toBe('granted');
    expect(gateOpen(s, clock.now())).toBe(true);
  });

  it('the owner refuses within the wait: refused for good, the gate never opens, even long after', async () => {
    const { clock, s: w } = waiting(6);
    await clock.advance(5 * HOUR_MS);
    const s = emergencyTransition(w, owner, { type: 'refuse' }, clock.now());
    expect(s.phase).toBe('refused');
    await clock.advance(30 * 24 * HOUR_MS);
    refused(() => emergencyTransition(s, system, { type: 'tick' }, clock.now()), 'wrong-state');
    expect(gateOpen(s, clock.now())).toBe(false);
  });

  it('the owner ends a granted emergency at any time: ended, the gate shut, nothing more can happen to it', async () => {
    const { clock, s: w } = waiting(1);
    await clock.advance(HOUR_MS);
    let s = emergencyTransition(w, system, { type: 'tick' }, clock.now());
    expect(s.phase).toBe('granted');
    refused(() => emergencyTransition(s, owner, { type: 'refuse' }, clock.now()), 'wrong-state'); // too late to refuse: end it
    await clock.advance(3 * 24 * HOUR_MS);
    s = emergencyTransition(s, owner, { type: 'end' }, clock.now());
    expect(s.phase).toBe('ended');
    expect(gateOpen(s, clock.now())).toBe(false);
    for (const e of ['tick', 'end', 'refuse', 'notified', 'trustee-removed'] as const) refused(() => emergencyTransition(s, e === 'end' || e === 'refuse' ? owner : system, { type: e }, clock.now()), 'wrong-state');
  });

  it('a trustee removed mid-wait: withdrawn, nothing released when the wait would have ended; removed after the grant: ended', async () => {
    const { clock, s: w } = waiting(24);
    await clock.advance(12 * HOUR_MS);
    const s = emergencyTransition(w, system, { type: 'trustee-removed' }, clock.now());
    expect(s.phase).toBe('withdrawn');
    await clock.advance(24 * HOUR_MS);
    refused(() => emergencyTransition(s, system, { type: 'tick' }, clock.now()), 'wrong-state');
    expect(gateOpen(s, clock.now())).toBe(false);

    const later = waiting(1);
    await later.clock.advance(HOUR_MS);
    const granted = emergencyTransition(later.s, system, { type: 'tick' }, later.clock.now());
    expect(emergencyTransition(granted, system, { type: 'trustee-removed' }, later.clock.now()).phase).toBe('ended');
  });

  it('only an accepted trustee asks, within one hour to four weeks; only the owner refuses or ends; only the server ticks', () => {
    const clock = drivenTestClock();
    refused(() => requestEmergency(maria('invited'), 48, clock.now()), 'forbidden');
    refused(() => requestEmergency(maria('removed'), 48, clock.now()), 'forbidden');
    refused(() => requestEmergency(owner, 48, clock.now()), 'forbidden');
    for (const h of [0, 0.5, 4 * 7 * 24 + 1, Number.NaN]) refused(() => requestEmergency(maria(), h, clock.now()), 'invalid');
    expect(requestEmergency(maria(), 4 * 7 * 24, clock.now()).waitHours).toBe(672);
    const { s } = waiting();
    const attempts: Array<[EmergencyActor, EmergencyEvent]> = [
      [maria(), { type: 'refuse' }],
      [system, { type: 'refuse' }],
      [maria(), { type: 'tick' }],
      [owner, { type: 'tick' }],
      [owner, { type: 'trustee-removed' }],
    ];
    for (const [actor, event] of attempts) refused(() => emergencyTransition(s, actor, event, clock.now()), 'forbidden');
    refused(() => emergencyTransition(s, owner, { type: 'end' }, clock.now()), 'wrong-state'); // waiting: refuse it, not end it
  });

  it('asks trustees in the owner\'s order: the next only after the one before was refused or removed', () => {
    const order = ['wife', 'mother', 'attorney'];
    const req = (trusteeId: string, phase: EmergencyState['phase']): EmergencyState => ({ ...requestEmergency({ kind: 'trustee', trusteeId, status: 'accepted' }, 48, 0), phase });
    expect(nextInOrder(order, [])).toBe('wife');
    expect(nextInOrder(order, [req('wife', 'waiting')])).toBeNull();
    expect(nextInOrder(order, [req('wife', 'refused')])).toBe('mother');
    expect(nextInOrder(order, [req('wife', 'refused')], new Set(['mother']))).toBe('attorney');
    expect(nextInOrder(order, [req('wife', 'refused'), req('mother', 'refused'), req('attorney', 'refused')])).toBeNull();
    expect(nextInOrder(order, [req('wife', 'ended')])).toBe('wife'); // after an emergency the owner ended, the first may ask again
  });
});
