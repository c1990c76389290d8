import { describe, expect, it } from 'vitest';
import { COLLECTION_SPECS, COLLECTIONS } from './collections';
import { COLLECTION_FACTS, defaultOf, isCollectionField } from './collection-facts';
import { z } from './z';

/** What a never-written field read as when materialize worked it out from the schema (before issue 41's facts). */
function schemaDefault(collection: (typeof COLLECTIONS)[number], field: string): unknown {
  const spec = COLLECTION_SPECS[collection];
  if (spec.defaults && field in spec.defaults) return spec.defaults[field];
  const parsed = z.safeParse(spec.fields.shape[field] as z.ZodMiniType, undefined);
  return parsed.success ? parsed.data : null;
}

describe('collection-facts (zod-free, issue 41)', () => {
  it("names each collection's fields exactly, in the schema's order", () => {
    for (const c of COLLECTIONS) expect(COLLECTION_FACTS[c].fields).toEqual(Object.keys(COLLECTION_SPECS[c].fields.shape));
  });

  it('lists and server-only fields are fields of the collection', () => {
    for (const c of COLLECTIONS) for (const f of [...COLLECTION_FACTS[c].lists, ...COLLECTION_FACTS[c].serverOnly]) expect(isCollectionField(c, f)).toBe(true);
    expect(isCollectionField('messages', 'nope')).toBe(false);
  });

  it('a field never written reads as the schema makes it, field by field', () => {
    for (const c of COLLECTIONS)
      for (const f of COLLECTION_FACTS[c].fields) {
        if (COLLECTION_FACTS[c].lists.includes(f)) continue; // lists read as their items
        expect([c, f, defaultOf(c, f)]).toStrictEqual([c, f, schemaDefault(c, f)]);
      }
  });

  it('names a schema default only where the schema has that default and no other default is given', () => {
    for (const c of COLLECTIONS)
      for (const [f, v] of Object.entries(COLLECTION_FACTS[c].schemaDefaults ?? {})) {
        expect(COLLECTION_FACTS[c].defaults ?? {}).not.toHaveProperty(f);
        expect(z.safeParse(COLLECTION_SPECS[c].fields.shape[f] as z.ZodMiniType, undefined)).toMatchObject({ success: true, data: v });
      }
  });

  it('gives a fresh copy of an object default each time', () => {
    const a = defaultOf('survivorTasks', 'notifyTrustees');
    expect(a).toBe(false);
    const shares = defaultOf('documents', 'shares') as unknown[];
    shares.push('x');
    expect(defaultOf('documents', 'shares')).toEqual([]);
  });
});
