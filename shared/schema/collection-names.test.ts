import { describe, expect, it } from 'vitest';
import { COLLECTION_SPECS, COLLECTIONS } from './collections';
import { CREATED_AT_COLLECTIONS, hasCreatedAt, SINGLETON_COLLECTIONS } from './collection-names';

describe('collection-names (zod-free facts, issue #20)', () => {
  it('names the collections whose schema has createdAt, exactly', () => {
    const withCreatedAt = COLLECTIONS.filter((c) => 'createdAt' in COLLECTION_SPECS[c].fields.shape);
    expect([...CREATED_AT_COLLECTIONS].sort()).toEqual([...withCreatedAt].sort());
    for (const c of COLLECTIONS) expect(hasCreatedAt(c)).toBe(withCreatedAt.includes(c));
  });

  it('names the singleton collections, exactly', () => {
    expect([...SINGLETON_COLLECTIONS].sort()).toEqual(COLLECTIONS.filter((c) => COLLECTION_SPECS[c].singleton).sort());
  });
});
