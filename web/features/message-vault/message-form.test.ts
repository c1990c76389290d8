import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/schema';
import { formToMessage, messageToForm } from './message-form';

const message = (deliveryDate: string | null) => ({ recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'text', messageContent: 'Hello', deliveryDate }) as Message;

describe('the delivery date in the message form (shared/delivery-rule.ts)', () => {
  it('a day chosen in Tokyo opens as that day on this device', () => {
    const d = messageToForm(message('2026-12-25T00:00:00+09:00')).deliveryDate!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 11, 25, 0]);
  });
  it("a day picked here is stored as this device's midnight with its offset, and reads back as that day", () => {
    const out = formToMessage({ deliveryDate: new Date(2027, 5, 1) }).deliveryDate as string;
    expect(out).toMatch(/^2027-06-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(out)).toBe(new Date(2027, 5, 1).getTime());
    expect(messageToForm(message(out)).deliveryDate!.getTime()).toBe(new Date(2027, 5, 1).getTime());
  });
  it('an older UTC date opens at its instant, as before; no date stays none', () => {
    expect(messageToForm(message('2026-12-24T23:00:00.000Z')).deliveryDate!.getTime()).toBe(Date.parse('2026-12-24T23:00:00.000Z'));
    expect(messageToForm(message(null)).deliveryDate).toBeNull();
    expect(formToMessage({ deliveryDate: null }).deliveryDate).toBeNull();
  });
});

describe("the recipient's language in the message form (issue 44)", () => {
  it('"Same as yours" is stored as null and a chosen language as its code; a stored one opens as chosen', () => {
    expect(messageToForm(message(null)).recipientLanguage).toBe('owner');
    expect(messageToForm({ ...message(null), recipientLanguage: 'de' }).recipientLanguage).toBe('de');
    expect(formToMessage({ recipientLanguage: 'owner' }).recipientLanguage).toBeNull();
    expect(formToMessage({ recipientLanguage: 'ar' }).recipientLanguage).toBe('ar');
    expect('recipientLanguage' in formToMessage({ recipientName: 'Clara' })).toBe(false);
  });
});
