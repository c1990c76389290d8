import { describe, expect, it } from 'vitest';
import { MalformedError, UnknownKeyError, WrongHlcError, WrongPlaceError } from './errors';
import { parseEnvelope } from './envelope';
import { Keyring } from './keys';
import { openState, sealFields } from './sealed-record';

const H1 = '000001700000000-0000-abcdef0123456789';
const H2 = '000001700000005-0000-abcdef0123456789';

describe('sealFields / openState', () => {
  it('seals exactly the sealed fields (null included) and opens them back with their clocks', async () => {
    const ring = await Keyring.create('u1');
    await ring.rotate('msg:m1');
    const fields = { recipientName: 'Ana', recipientEmail: 'ana@example.com', messageType: 'text', messageContent: 'Dear Ana', deliveryDate: null, file: null, delivered: false, createdAt: '2026-01-01T00:00:00.000Z' };
    const sealed = await sealFields(ring, 'u1', 'messages', 'm1', H1, fields);
    expect(sealed.recipientEmail).toBe('ana@example.com');
    expect(sealed.deliveryDate).toBeNull();
    expect(sealed.recipientName).toMatch(/^v1\.index~1\./);
    expect(sealed.messageContent).toMatch(/^v1\.msg:m1~1\./);
    expect(sealed.file).toMatch(/^v1\.msg:m1~1\./);
    const clocks = Object.fromEntries(Object.keys(fields).map((f) => [f, H1]));
    const opened = await openState(ring.lookup, 'u1', 'messages', 'm1', { values: sealed, clocks });
    expect(opened).toEqual({ values: fields, errors: {} });
  });

  it('keeps a removed list item and a dismissed conflict copy plain null; opens a conflict copy with its own HLC', async () => {
    const ring = await Keyring.create('u1');
    const sealed = await sealFields(ring, 'u1', 'survivorTasks', 't1', H2, { 'resources/a': null, 'resources/b': { text: 'Bank', pos: 1 }, [`description~conflict/${H1}`]: null });
    expect(sealed['resources/a']).toBeNull();
    expect(sealed[`description~conflict/${H1}`]).toBeNull();
    // The server keeps the losing envelope, sealed at H1, as `description~conflict/H1` = { text, at: H1 }.
    const loser = await sealFields(ring, 'u1', 'survivorTasks', 't1', H1, { description: 'The older description' });
    const state = {
      values: { 'resources/b': sealed['resources/b'], [`description~conflict/${H1}`]: { text: loser.description, at: H1 } },
      clocks: { 'resources/b': H2, [`description~conflict/${H1}`]: H2 },
    };
    const opened = await openState(ring.lookup, 'u1', 'survivorTasks', 't1', state);
    expect(opened.values).toEqual({ 'resources/b': { text: 'Bank', pos: 1 }, [`description~conflict/${H1}`]: { text: 'The older description', at: H1 } });
  });

  it('reports moved, replayed and plaintext values per field and leaves them out, opening the rest', async () => {
    const ring = await Keyring.create('u1');
    const a = await sealFields(ring, 'u1', 'deathPlan', 'u1', H1, { obituary: 'Old', location: 'Oak hill', specialRequests: 'Music' });
    const state = {
      values: { obituary: a.obituary, specialRequests: a.location, location: 'plaintext from the server', funeralType: a.specialRequests },
      clocks: { obituary: H2, specialRequests: H1, location: H1, funeralType: H1 },
    };
    const opened = await openState(ring.lookup, 'u1', 'deathPlan', 'u1', state);
    expect(opened.values).toEqual({});
    expect(opened.errors.obituary).toBeInstanceOf(WrongHlcError);
    expect(opened.errors.specialRequests).toBeInstanceOf(WrongPlaceError);
    expect(opened.errors.funeralType).toBeInstanceOf(WrongPlaceError);
    expect(opened.errors.location).toBeInstanceOf(MalformedError);
  });

  it('gives every sealed field its own nonce, fresh for every record', async () => {
    const ring = await Keyring.create('u1');
    const task = { title: 'Call the bank', description: 'About the joint account', category: 'financial', timeframe: '1w', automationLevel: 'manual', priority: 2, 'resources/a': { text: 'Card', pos: 0 }, 'resources/b': { text: 'Key', pos: 1 } };
    const records = await Promise.all(Array.from({ length: 20 }, (_, i) => sealFields(ring, 'u1', 'survivorTasks', `t${i}`, H1, task)));
    const nonces = records.flatMap((r) => Object.values(r).map((env) => parseEnvelope(env as string).nonce.join(',')));
    expect(nonces).toHaveLength(20 * 8);
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(await openState(ring.lookup, 'u1', 'survivorTasks', 't3', { values: records[3]!, clocks: Object.fromEntries(Object.keys(task).map((f) => [f, H1])) })).toEqual({ values: task, errors: {} });
  });

  it('refuses to seal a message before its key exists', async () => {
    const ring = await Keyring.create('u1');
    await expect(sealFields(ring, 'u1', 'messages', 'm9', H1, { messageContent: 'x' })).rejects.toThrow(UnknownKeyError);
  });
});
