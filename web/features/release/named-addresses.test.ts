import { describe, expect, it } from 'vitest';
import { nameAddresses } from './named-addresses';

describe('names beside the addresses the server writes', () => {
  const people = [
    { name: 'Margaret Hale', email: 'margaret@example.com' },
    { name: 'Ann', email: 'ann@example.com' },
    { name: 'Joanne', email: 'joann@example.com' },
    { name: '', email: 'nobody@example.com' },
  ];
  it('puts the device’s name before each known address, case-insensitively, once', () => {
    expect(nameAddresses('Invitation sent to MARGARET@example.com.', people)).toBe('Invitation sent to Margaret Hale (MARGARET@example.com).');
    expect(nameAddresses('joann@example.com resent the link to ann@example.com.', people)).toBe('Joanne (joann@example.com) resent the link to Ann (ann@example.com).');
    expect(nameAddresses('Ann (ann@example.com) confirmed.', people)).toBe('Ann (ann@example.com) confirmed.');
  });
  it('leaves unknown or unnamed addresses and other text alone', () => {
    expect(nameAddresses('A message to nobody@example.com could not be sent.', people)).toBe('A message to nobody@example.com could not be sent.');
    expect(nameAddresses('Your check-ins lapsed.', people)).toBe('Your check-ins lapsed.');
    expect(nameAddresses('xann@example.com and ann@example.com.au', people)).toBe('xann@example.com and ann@example.com.au');
    expect(nameAddresses('a+b@example.com', [{ name: 'Plus', email: 'a+b@example.com' }])).toBe('Plus (a+b@example.com)');
  });
});
