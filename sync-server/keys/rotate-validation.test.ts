/**
 * POST /api/keys/rotate (rotate-route.ts) answers every malformed body with 4xx JSON naming the
 * field, never 500 nor a silent 200, and changes nothing (the common rule "Bad input gets HTTP
 * 4xx"; zod drops a `__proto__` key without a word, so the schema refuses it first).
 */
import { describe, expect, it } from 'vitest';
import { Keyring, unwrapAccountKey } from '../../shared/crypto/keys';
import { rotateAccountKey } from '../../shared/crypto/rotation';
import { createTestApp, signUp } from '../test/test-support';
import { makeDeviceKeys, rememberedDerive } from '../test/test-keys';

describe('POST /api/keys/rotate: malformed bodies', () => {
  it('every malformed body is a 4xx JSON answer', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const dk = await makeDeviceKeys(user.id, body.password);
    expect((await t.call('POST', '/api/keys/setup', dk.body, cookie)).status).toBe(201);
    const { unlockKey } = await rememberedDerive(body.password, dk.kdf); // as makeDeviceKeys derived it
    const cur = await (await t.call('GET', '/api/keys', undefined, cookie)).json();
    const ak = await unwrapAccountKey(unlockKey, cur.akPassword, user.id, 1, 'password');
    const r = await rotateAccountKey({ userId: user.id, keyring: await Keyring.load(cur.keyring, ak, user.id), oldAk: ak, fromAkVersion: 1, unlockKey, ownerCopies: {} });
    const good = { ...r.body, rev: cur.keyringRev, kdf: cur.kdf, endOtherSessions: false, loginSecret: dk.loginSecret };
    const big = 'x'.repeat(2 * 1024 * 1024);
    const cases: [string, unknown][] = [
      ['null', 'null'],
      ['array', '[]'],
      ['not json', '{'],
      ['number', '5'],
      ['fromAkVersion 1.5', { ...good, fromAkVersion: 1.5 }],
      ['fromAkVersion huge', { ...good, fromAkVersion: 1e308 }],
      ['rev string', { ...good, rev: '1' }],
      ['kdf {}', { ...good, kdf: {} }],
      ['kdf extra key', { ...good, kdf: { ...cur.kdf, extra: 'x'.repeat(100_000) } }],
      ['kdf reordered', { ...good, kdf: Object.fromEntries(Object.entries(cur.kdf).reverse()) }],
      ['keyring null', { ...good, keyring: null }],
      ['keyring v2', { ...good, keyring: { ...good.keyring, v: 2 } }],
      ['keyring ak 0', { ...good, keyring: { ...good.keyring, ak: 0 } }],
      ['keyring ak string', { ...good, keyring: { ...good.keyring, ak: '2' } }],
      ['keyring keys array', { ...good, keyring: { ...good.keyring, keys: [] } }],
      ['keyring __proto__ kid', JSON.stringify({ ...good, keyring: { ...good.keyring } }).replace('"keys":{', '"keys":{"__proto__":"w1.a.b",')],
      ['ownerCopies 0', { ...good, ownerCopies: { '0': 'o1.x' } }],
      ['ownerCopies __proto__', JSON.stringify(good).replace('"ownerCopies":{}', '"ownerCopies":{"__proto__":"o1.x"}')],
      ['ownerCopies not o', { ...good, ownerCopies: { '1': 'x' } }],
      ['ownerCopies array', { ...good, ownerCopies: [] }],
      ['endOtherSessions string', { ...good, endOtherSessions: 'yes' }],
      ['missing endOtherSessions', { ...good, endOtherSessions: undefined }],
      ['extra field', { ...good, extra: 1 }],
      ['missing loginSecret', { ...good, loginSecret: undefined }],
      ['loginSecret short', { ...good, loginSecret: 'abc' }],
      ['proof short', { ...good, proof: 'abc' }],
      ['too big', { ...good, pad: big }],
    ];
    const out: Record<string, string> = {};
    for (const [name, b] of cases) {
      const res = await t.call('POST', '/api/keys/rotate', b, cookie);
      const text = await res.text();
      let paths = '';
      try {
        paths = (JSON.parse(text).issues ?? []).map((i: { path: string }) => i.path).join(',');
      } catch {
        paths = 'NOT JSON: ' + text.slice(0, 60);
      }
      out[name] = `${res.status} ${paths}`;
    }
    for (const [name, v] of Object.entries(out)) expect(v, name).toMatch(/^4\d\d /);
    expect(out['ownerCopies __proto__']).toBe('400 ownerCopies');
    expect(out['missing loginSecret']).toBe('400 loginSecret');
    expect((await (await t.call('GET', '/api/keys', undefined, cookie)).json()).akVersion).toBe(1);
  });
});
