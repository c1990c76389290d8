import { describe, expect, it } from 'vitest';
import { checkedTrusteeAddress, handOverMailto } from './share-words';

describe('handOverMailto (issue 43: a link handed over from the owner\'s own mail app)', () => {
  const link = 'https://afterword.example/shared/AAAAAAAAAAAAAAAAAAAAAA#BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

  it('addresses a trustee picked from the list, with the link in the body', () => {
    const href = handOverMailto('Last Will', link, 'maria@example.com');
    expect(href.startsWith('mailto:maria@example.com?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Shared with you: Last Will');
    expect(params.get('body')).toContain(link);
  });

  it('leaves the address to the owner for a person typed by name', () => {
    expect(handOverMailto('Last Will', link).startsWith('mailto:?subject=')).toBe(true);
  });

  it('never lets an address add headers of its own (a trustee e-mail synced from another device)', () => {
    const href = handOverMailto('Last Will', link, 'maria@example.com?bcc=eve@example.com');
    expect(href.startsWith('mailto:maria@example.com%3Fbcc%3Deve@example.com?')).toBe(true);
    expect(new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('bcc')).toBeNull();
  });

  it('addresses a trustee only at the address the owner sealed, never at one the server gave (security review of session 21, finding 2)', () => {
    const maria = { email: 'maria@example.com', sealedEmail: 'maria@example.com' };
    expect(checkedTrusteeAddress(maria, false)).toBe('maria@example.com');
    expect(checkedTrusteeAddress({ ...maria, email: 'Maria@Example.com' }, false)).toBe('maria@example.com'); // the same address, as typed
    expect(checkedTrusteeAddress({ ...maria, email: 'attacker@evil.example' }, false)).toBeNull(); // the server rewrote the plain one
    expect(checkedTrusteeAddress({ email: 'maria@example.com', sealedEmail: null }, false)).toBeNull(); // no sealed copy to check it against
    expect(checkedTrusteeAddress(maria, true)).toBeNull(); // the sealed copy was refused on this device
  });
});
