import { describe, expect, it } from 'vitest';
import { filterMessages, MESSAGE_FILTERS, matchesMessageFilter } from './message-filters';

const date = '2030-06-01T00:00:00.000Z';
const messages = [
  { id: 'scheduled', deliveryDate: date, delivered: false },
  { id: 'upon-release', deliveryDate: null, delivered: false },
  { id: 'delivered-dated', deliveryDate: date, delivered: true },
  { id: 'delivered-undated', deliveryDate: null, delivered: true },
];
const ids = (list: { id: string }[]) => list.map((m) => m.id);

describe('filterMessages (SPEC.md §4 "Message": All, Scheduled, Delivered)', () => {
  it('All shows every message, in order', () => {
    expect(ids(filterMessages(messages, 'all'))).toEqual(['scheduled', 'upon-release', 'delivered-dated', 'delivered-undated']);
  });

  it('Scheduled shows messages with a delivery date that are not delivered', () => {
    expect(ids(filterMessages(messages, 'scheduled'))).toEqual(['scheduled']);
  });

  it('Delivered shows delivered messages, dated or not', () => {
    expect(ids(filterMessages(messages, 'delivered'))).toEqual(['delivered-dated', 'delivered-undated']);
  });

  it('an empty delivery date string does not count as scheduled', () => {
    expect(matchesMessageFilter({ deliveryDate: '' as never, delivered: false }, 'scheduled')).toBe(false);
  });

  it('does not change its input and every message appears under All', () => {
    const copy = structuredClone(messages);
    for (const f of MESSAGE_FILTERS) filterMessages(messages, f);
    expect(messages).toEqual(copy);
    // Scheduled and Delivered never overlap.
    const scheduled = new Set(ids(filterMessages(messages, 'scheduled')));
    expect(ids(filterMessages(messages, 'delivered')).some((id) => scheduled.has(id))).toBe(false);
  });
});
