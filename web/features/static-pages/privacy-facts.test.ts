import { describe, expect, it } from 'vitest';
import { FIELD_CLASSES } from '../../../shared/crypto/fields';
import { COLLECTIONS } from '../../../shared/schema/collection-names';
import { PLAIN_FIELD_WORDS, plainFieldsOf, plainLines } from './privacy-facts';

describe('the privacy page names what the server sees (fields.ts)', () => {
  it('has words for every plain field of every collection, and for no other field', () => {
    for (const c of COLLECTIONS) {
      expect(Object.keys(PLAIN_FIELD_WORDS[c].fields).sort(), c).toEqual(plainFieldsOf(c).sort());
    }
  });

  it('lists the plain fields in the order of the field table', () => {
    const lines = plainLines();
    expect(lines.map((l) => l.area)).toEqual(COLLECTIONS.map((c) => PLAIN_FIELD_WORDS[c].area));
    expect(lines.find((l) => l.area === 'privacy.area.messages')?.seen[0]).toBe(PLAIN_FIELD_WORDS.messages.fields.createdAt);
  });

  it('fails when the field table gains a plain field the page does not name', () => {
    const table = FIELD_CLASSES.trustees as Record<string, string>;
    table.phone = 'plain'; // as if fields.ts made a trustee's phone number plain
    try {
      expect(() => plainLines()).toThrow('trustees.phone');
    } finally {
      table.phone = 'owner';
    }
  });
});
