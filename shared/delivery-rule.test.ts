import { describe, expect, it } from 'vitest';
import { deliveryCardText, deliveryDay, deliveryPlanText, deliveryState, deliveryStateLine, isDeliveryDue, localDayIso } from './delivery-rule';

const DAY = 24 * 60 * 60 * 1000;
/** Local midnight of 25 December 2026, as the message form stores a day. */
const christmas = new Date(2026, 11, 25).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe('isDeliveryDue: the scheduler rule for a released plan', () => {
  it('a message without a date is due at once', () => {
    expect(isDeliveryDue({ deliveryDate: null }, christmas)).toBe(true);
  });
  it('a dated message waits for its date, and is due from its first moment on', () => {
    expect(isDeliveryDue({ deliveryDate: iso(christmas) }, christmas - 1)).toBe(false);
    expect(isDeliveryDue({ deliveryDate: iso(christmas) }, christmas)).toBe(true);
  });
  it('a date that passed before the release is due at the release', () => {
    expect(isDeliveryDue({ deliveryDate: iso(christmas) }, christmas + 4 * DAY)).toBe(true);
  });
  it('an unreadable date is sent at the release rather than never', () => {
    expect(isDeliveryDue({ deliveryDate: 'not a date' }, christmas)).toBe(true);
  });
});

describe('deliveryPlanText: what the message form says will happen', () => {
  it('without a date', () => {
    expect(deliveryPlanText(null, christmas)).toBe('It will be sent when your plan is released.');
  });
  it('with a date ahead: on that date if released by then, else at the release', () => {
    expect(deliveryPlanText(iso(christmas), christmas - 30 * DAY)).toBe(
      'It will be sent on December 25, 2026 if your plan has been released by then, or at the release if that comes later.',
    );
  });
  it('with the date today', () => {
    expect(deliveryPlanText(iso(christmas), christmas + 10 * 60 * 60 * 1000)).toBe(
      'December 25, 2026 is today, so it will be sent when your plan is released.',
    );
  });
  it('with a date that has passed (an older message edited)', () => {
    expect(deliveryPlanText(iso(christmas), christmas + 4 * DAY)).toBe('December 25, 2026 has passed, so it will be sent when your plan is released.');
  });
});

describe("deliveryState and deliveryCardText: a message's real state", () => {
  const sentAt = iso(christmas + 4 * DAY);
  it('sent, with when; opened, with when', () => {
    expect(deliveryState({ deliveryDate: iso(christmas), delivered: true, deliveredAt: sentAt, openedAt: null }, christmas)).toEqual({
      kind: 'sent',
      sentAt,
      openedAt: null,
    });
    expect(deliveryCardText({ deliveryDate: null, delivered: true, deliveredAt: sentAt, openedAt: null }, 0)).toBe('Sent on December 29, 2026');
    expect(deliveryCardText({ deliveryDate: null, delivered: true, deliveredAt: sentAt, openedAt: iso(christmas + 5 * DAY) }, 0)).toBe(
      'Sent on December 29, 2026, opened on December 30, 2026',
    );
  });
  it('a message delivered before the server kept the time says only that it was sent', () => {
    expect(deliveryCardText({ deliveryDate: null, delivered: true }, 0)).toBe('Sent');
  });
  it('waiting: the date with the rule, or Upon release', () => {
    expect(deliveryState({ deliveryDate: iso(christmas), delivered: false }, christmas - DAY).kind).toBe('on-date');
    expect(deliveryState({ deliveryDate: iso(christmas), delivered: false }, christmas + DAY).kind).toBe('date-passed');
    expect(deliveryCardText({ deliveryDate: iso(christmas), delivered: false }, christmas - DAY)).toBe('December 25, 2026, or at release if later');
    expect(deliveryCardText({ deliveryDate: null, delivered: false }, christmas)).toBe('Upon release');
  });
  it('after the release: waiting for its date, or being sent', () => {
    expect(deliveryCardText({ deliveryDate: iso(christmas), delivered: false }, christmas - DAY, true)).toBe('Waiting for its date, December 25, 2026');
    expect(deliveryCardText({ deliveryDate: iso(christmas), delivered: false }, christmas + DAY, true)).toBe('Being sent');
    expect(deliveryCardText({ deliveryDate: null, delivered: false }, christmas, true)).toBe('Being sent');
    expect(deliveryCardText({ deliveryDate: null, delivered: true, deliveredAt: iso(christmas) }, christmas, true)).toBe('Sent on December 25, 2026');
  });
});

describe("deliveryStateLine: the trustee page's words", () => {
  const d = (iso: string) => iso.slice(0, 10);
  it('waiting for its date, being sent, sent on, opened on', () => {
    expect(deliveryStateLine({ deliveryDate: '2027-01-01T00:00:00.000Z', delivered: false }, Date.parse('2026-12-29T00:00:00Z'), d)).toBe('waiting for its date, 2027-01-01');
    expect(deliveryStateLine({ deliveryDate: '2026-12-25T00:00:00.000Z', delivered: false }, Date.parse('2026-12-29T00:00:00Z'), d)).toBe('being sent');
    expect(deliveryStateLine({ deliveryDate: null, delivered: true, deliveredAt: '2026-12-29T10:00:00.000Z' }, 0, d)).toBe('sent on 2026-12-29');
    expect(deliveryStateLine({ deliveryDate: null, delivered: true, deliveredAt: '2026-12-29T10:00:00.000Z', openedAt: '2026-12-30T08:00:00.000Z' }, 0, d)).toBe(
      'sent on 2026-12-29, opened on 2026-12-30',
    );
  });
});

describe("deliveryStateLine: a letter a trustee hands over, and a message the server cannot deliver", () => {
  const d = (iso: string) => iso.slice(0, 10);
  const at = Date.parse('2026-12-29T00:00:00Z');
  const alan = { trusteeId: 'tr2', you: false, name: 'Alan Turing' };
  const cy = { trusteeId: 'tr3', you: false, name: null };
  const letter = (over: Record<string, unknown> = {}) => ({ deliveryDate: null, delivered: false, deliveredAt: null, openedAt: null, handover: [alan], ...over });
  it('due: whose it is to hand over, by their own e-mail, never "being sent" (Afterword sends it nothing)', () => {
    expect(deliveryStateLine(letter(), at, d)).toBe('for Alan Turing to hand over by their own e-mail; not opened yet');
    expect(deliveryStateLine(letter({ handover: [alan, cy] }), at, d)).toBe('for Alan Turing (or a trustee, the backup) to hand over by their own e-mail; not opened yet');
    expect(deliveryStateLine(letter({ handover: [{ ...alan, you: true }] }), at, d)).toBe('for you to hand over: send the link from your trustee kit page by your own e-mail; not opened yet');
    // The backup reads what is theirs to do if the trustee does not.
    expect(deliveryStateLine(letter({ handover: [alan, { ...cy, you: true }] }), at, d)).toBe(
      'for Alan Turing to hand over by their own e-mail, or for you as the backup: the link is on your trustee kit page; not opened yet',
    );
  });
  it('before its date: waiting for it, then who hands it over', () => {
    expect(deliveryStateLine(letter({ deliveryDate: '2027-01-01T00:00:00.000Z' }), at, d)).toBe('waiting for its date, 2027-01-01; then Alan Turing hands it over');
    expect(deliveryStateLine(letter({ deliveryDate: '2027-01-01T00:00:00.000Z', handover: [{ ...alan, you: true }] }), at, d)).toBe('waiting for its date, 2027-01-01; then you hand it over');
  });
  it('opened by its recipient: handed over, opened on …', () => {
    expect(deliveryStateLine(letter({ openedAt: '2026-12-30T08:00:00.000Z' }), at, d)).toBe('handed over, opened on 2026-12-30');
  });
  it('a letter whose key no released kit holds: nobody can hand it over', () => {
    expect(deliveryStateLine(letter({ handover: [] }), at, d)).toBe('cannot be handed over: its key is not in the trustee kits that released the plan, so no one can open it');
  });
  it('the server cannot deliver it: a bad address, or its e-mail failed for good', () => {
    const due = { deliveryDate: null, delivered: false, deliveredAt: null, openedAt: null };
    expect(deliveryStateLine({ ...due, problem: 'address' as const }, at, d)).toBe('cannot be sent: its e-mail address is not valid');
    expect(deliveryStateLine({ ...due, problem: 'failed' as const }, at, d)).toBe('could not be delivered: the e-mail to this address was refused or never arrived');
    expect(deliveryStateLine(due, at, d)).toBe('being sent');
  });
});

describe("deliveryCardText after the release: a letter the owner's trustee hands over", () => {
  const letter = (over: Record<string, unknown> = {}) => ({ deliveryDate: null, delivered: false, deliveredAt: null, openedAt: null, ...over });
  it('never "Being sent": whose it is, waiting for its date, or opened', () => {
    expect(deliveryCardText(letter(), christmas, true, true)).toBe('Your trustee hands it over; not opened yet');
    expect(deliveryCardText(letter({ deliveryDate: iso(christmas) }), christmas - DAY, true, true)).toBe('Waiting for its date, December 25, 2026; then your trustee hands it over');
    expect(deliveryCardText(letter({ openedAt: iso(christmas + 5 * DAY) }), christmas, true, true)).toBe('Handed over, opened on December 30, 2026');
    expect(deliveryCardText(letter(), christmas, true, false)).toBe('Being sent');
  });
});

describe('the day the person chose, wherever it is shown', () => {
  it("localDayIso writes the day's local midnight with its offset; it parses back to that instant", () => {
    const d = new Date(2026, 11, 25);
    const iso = localDayIso(d);
    expect(iso).toMatch(/^2026-12-25T00:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(d.getTime());
  });
  it('a Paris owner\'s 25 December reads 25 December on a server in UTC, and is due from Paris midnight', () => {
    const paris = '2026-12-25T00:00:00+01:00';
    expect(deliveryDay(paris)).toBe('2026-12-25');
    const utc = (iso: string) => new Date(Date.parse(iso)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(deliveryStateLine({ deliveryDate: paris, delivered: false }, Date.parse('2026-12-20T00:00:00Z'), utc)).toBe('waiting for its date, December 25, 2026');
    expect(isDeliveryDue({ deliveryDate: paris }, Date.parse('2026-12-24T22:59:59Z'))).toBe(false);
    expect(isDeliveryDue({ deliveryDate: paris }, Date.parse('2026-12-24T23:00:00Z'))).toBe(true);
    expect(deliveryCardText({ deliveryDate: paris, delivered: false }, 0)).toBe('December 25, 2026, or at release if later');
  });
  it('an older UTC date is left as it is', () => {
    expect(deliveryDay('2026-12-24T23:00:00.000Z')).toBe('2026-12-24T23:00:00.000Z');
  });
});
