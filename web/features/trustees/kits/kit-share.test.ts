/**
 * The owner's own e-mail with a kit (kit-share.ts kitMailto, kit-words.ts): a mailto: whose
 * address, subject and body survive any name and the link's `#` (RFC 6068), in plain words.
 */
import { describe, expect, it } from 'vitest';
import { kitMailto } from './kit-share';
import { kitMailBody } from './kit-words';

const people = { ownerName: 'Zoë O’Brien-Łęcka', ownerFirstName: 'Zoë', trusteeName: 'Renée & Co Smith', k: 2, n: 3 };
const LINK = 'https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv#AQEB-_x?y&z=1';

describe('the kit e-mail the owner sends from their own mail app', () => {
  it('is a mailto: to the trustee whose subject and body read back exactly, link and fingerprint whole', () => {
    const url = new URL(kitMailto('renee+kits@example.org', people, LINK, '7K3Q-F9XA'));
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('renee+kits@example.org');
    expect(url.searchParams.get('subject')).toBe('Your trustee kit from Zoë');
    const body = url.searchParams.get('body')!;
    expect(body).toBe(kitMailBody(people, LINK, '7K3Q-F9XA').replace(/\n/g, '\r\n'));
    expect(body).toContain(`\r\n${LINK}\r\n`);
    expect(body).toContain('The page will show the fingerprint 7K3Q-F9XA.');
    expect(body).toContain('Confirm only if you know I have died.');
    expect(body.startsWith('Dear Renée,')).toBe(true);
    expect(body).toContain('It takes 2 of the 3 trustees to unlock anything.');
  });

  it('escapes what would end the address or the query early', () => {
    const href = kitMailto('a@example.org', { ...people, ownerFirstName: 'A&B?C#D' }, LINK, 'X');
    expect(href.split('?')).toHaveLength(2);
    expect(href).not.toContain('#');
    expect(new URL(href).searchParams.get('subject')).toBe('Your trustee kit from A&B?C#D');
  });
});
