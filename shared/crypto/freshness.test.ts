/**
 * Freshness of a sealed record (freshness.ts; issue 39 attack 5) as a release page checks it
 * (openState with no state of its own, web/release/open.ts) and as a device does (with its state):
 * real envelopes from sealFields, the server's lies made by hand.
 */
import { describe, expect, it } from 'vitest';
import type { RecordState } from '../sync/merge';
import { mergeState } from '../sync/merge';
import { freshnessFields } from './freshness';
import { Keyring } from './keys';
import { openState, sealFields } from './sealed-record';

const H = (ms: number, node = 'abcdef0123456789') => `${String(1_700_000_000_000 + ms).padStart(15, '0')}-0000-${node}`;

/** The owner's device: writes `fields` at `hlc` onto `local` and returns the record as the server merges the sealed change. */
async function ownerWrites(ring: Keyring, server: RecordState, local: RecordState, hlc: string, fields: Record<string, unknown>) {
  const after = mergeState(local, { values: fields, clocks: Object.fromEntries(Object.keys(fields).map((f) => [f, hlc])) }).state;
  const sealed = await sealFields(ring, 'u1', 'deathPlan', 'u1', hlc, { ...fields, ...freshnessFields('deathPlan', after, hlc, fields) });
  const merged = mergeState(server, { values: sealed, clocks: Object.fromEntries(Object.keys(sealed).map((f) => [f, hlc])) }).state;
  return { server: merged, local: after };
}

const kinds = (errors: Record<string, Error>) => Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, e.name]));

describe('the freshness of a sealed record', () => {
  it('a replaced value served again with its own HLC is refused on a page; the rest opens', async () => {
    const ring = await Keyring.create('u1');
    let w = await ownerWrites(ring, { values: {}, clocks: {} }, { values: {}, clocks: {} }, H(1), { createdAt: '2026-01-01T00:00:00.000Z', location: 'Old place' });
    const old = structuredClone(w.server);
    w = await ownerWrites(ring, w.server, w.local, H(2), { location: 'New place', obituary: 'A life' });
    expect((await openState(ring.lookup, 'u1', 'deathPlan', 'u1', w.server)).errors).toEqual({});

    const replayed = { values: { ...w.server.values, location: old.values.location }, clocks: { ...w.server.clocks, location: old.clocks.location! } };
    const page = await openState(ring.lookup, 'u1', 'deathPlan', 'u1', replayed);
    expect(kinds(page.errors)).toEqual({ location: 'RolledBackError' });
    expect(page.values).toMatchObject({ obituary: 'A life' });
    expect(page.values).not.toHaveProperty('location');
  });

  it('a deletion mark the owner never wrote is refused; one the owner wrote (its twin beside it) opens, even when another device wrote a newer version', async () => {
    const ring = await Keyring.create('u1');
    const a = await ownerWrites(ring, { values: {}, clocks: {} }, { values: {}, clocks: {} }, H(1), { createdAt: '2026-01-01T00:00:00.000Z', location: 'Here' });
    const forged = { values: { ...a.server.values, _deleted: true }, clocks: { ...a.server.clocks, _deleted: H(9, '5e5e5e5e5e5e5e5e') } };
    expect(kinds((await openState(ring.lookup, 'u1', 'deathPlan', 'u1', forged)).errors)).toEqual({ _deleted: 'UnvouchedError' });

    // Device B deletes at H(3); device A, not having seen it, edits at H(4): A's version wins and does not name B's mark.
    const b = await ownerWrites(ring, a.server, a.local, H(3, 'bbbbbbbbbbbbbbbb'), { _deleted: true });
    const both = await ownerWrites(ring, b.server, a.local, H(4), { location: 'There' });
    const opened = await openState(ring.lookup, 'u1', 'deathPlan', 'u1', both.server);
    expect(opened.errors).toEqual({});
    expect(opened.values).toMatchObject({ _deleted: true, location: 'There' });
  });

  it('a device refuses a whole record older than the version it holds; a record written before versions opens as it is', async () => {
    const ring = await Keyring.create('u1');
    const first = await ownerWrites(ring, { values: {}, clocks: {} }, { values: {}, clocks: {} }, H(1), { createdAt: '2026-01-01T00:00:00.000Z', location: 'Old place' });
    const second = await ownerWrites(ring, first.server, first.local, H(2), { location: 'New place' });
    const held = await openState(ring.lookup, 'u1', 'deathPlan', 'u1', second.server);
    const known = { values: held.values, clocks: second.server.clocks };
    expect(Object.keys((await openState(ring.lookup, 'u1', 'deathPlan', 'u1', first.server, known)).errors).sort()).toEqual(['_version', 'createdAt', 'location']);
    expect((await openState(ring.lookup, 'u1', 'deathPlan', 'u1', second.server, known)).errors).toEqual({});

    const legacy = await sealFields(ring, 'u1', 'deathPlan', 'u1', H(1), { createdAt: '2026-01-01T00:00:00.000Z', location: 'Before', _deleted: false });
    const clocks = Object.fromEntries(Object.keys(legacy).map((f) => [f, H(1)]));
    expect(await openState(ring.lookup, 'u1', 'deathPlan', 'u1', { values: legacy, clocks })).toEqual({ values: { createdAt: '2026-01-01T00:00:00.000Z', location: 'Before', _deleted: false }, errors: {} });
  });

  it('a version that does not open vouches for nothing: a page refuses the whole record rather than take its fields unchecked', async () => {
    const ring = await Keyring.create('u1');
    let w = await ownerWrites(ring, { values: {}, clocks: {} }, { values: {}, clocks: {} }, H(1), { createdAt: '2026-01-01T00:00:00.000Z', location: 'Old place' });
    const old = structuredClone(w.server);
    w = await ownerWrites(ring, w.server, w.local, H(2), { location: 'New place' });
    // The server brings the old location back and damages the version that would have refused it.
    const damaged = { values: { ...w.server.values, location: old.values.location, _version: `${String(w.server.values._version).slice(0, -4)}AAAA` }, clocks: { ...w.server.clocks, location: old.clocks.location! } };
    const page = await openState(ring.lookup, 'u1', 'deathPlan', 'u1', damaged);
    expect(page.values).not.toHaveProperty('location');
    expect(Object.keys(page.errors).sort()).toEqual(['_version', 'createdAt', 'location']);
  });
});
