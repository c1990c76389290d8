/**
 * Test support for trustee kits (imported only by *.test.ts): an owner on a real app over a real
 * SQLite file with accepted trustees, and kits made the way the owner's device makes them
 * (shared/crypto/trustee-kit.ts makeGeneration) and sent to `POST /api/kits`.
 */
import { expect } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { EXECUTOR_KIT, makeGeneration, type MadeGeneration } from '../../shared/crypto/trustee-kit';
import type { AccessLevel } from '../../shared/schema';
import { ownerOn, type Owner } from './release-test-support';
import { createTestApp, type TestApp } from './test-support';

/** The level keys every test generation seals into its blobs: one fixed key per level. */
export const LEVEL_KEYS: Record<AccessLevel, ReadonlyMap<string, Uint8Array>> = {
  full: new Map([
    ['plan~1', new Uint8Array(32).fill(1)],
    ['docs~1', new Uint8Array(32).fill(2)],
  ]),
  'documents-only': new Map([['docs~1', new Uint8Array(32).fill(2)]]),
  'messages-only': new Map([['index~1', new Uint8Array(32).fill(3)]]),
};

/**
 * An owner on `t` (default: a fresh SQLite app, outbox folder, PUBLIC_URL http://afterword.test)
 * with `who` as accepted trustees.
 */
export async function ownerWithTrustees(
  who: readonly string[],
  levels: AccessLevel[] = [],
  t: TestApp = createTestApp({ PUBLIC_URL: 'http://afterword.test' }),
): Promise<{ o: Owner; trustees: Array<{ id: string; who: string; level: AccessLevel }> }> {
  const o = await ownerOn(t);
  const trustees = [];
  for (const [i, name] of who.entries()) {
    const level = levels[i] ?? 'full';
    trustees.push({ id: (await o.addTrustee(name, level)).id, who: name, level });
  }
  await o.t.services.scheduler.runOnce(); // invites them
  for (const t of trustees) expect(await o.t.services.release.acceptInvitation(o.userId, t.id)).toBe(true);
  return { o, trustees };
}

/** The body of `POST /api/kits` for `made` (the owner copy is opaque to the server). */
export const kitsBody = (made: MadeGeneration) => ({
  generation: made.generation,
  k: made.k,
  checkValue: made.checkValue,
  ownerCopy: `o1.${made.generation}.opaque-to-the-server`,
  kits: made.kits.map((m) => ({ trusteeId: m.trusteeId, index: m.kit.index, commitment: m.commitment, gate: toB64url(m.gate), blob: m.blob })),
});

/** A generation made on the "device" for `trustees`, k of n; with `executor`, the executor kit is the last (n + 1-th) kit. */
export const makeKits = (o: Owner, trustees: ReadonlyArray<{ id: string; level: AccessLevel }>, k: number, generation = 1, executor = false) =>
  makeGeneration({
    account: o.userId,
    generation,
    k,
    trustees: [...trustees.map((t) => ({ trusteeId: t.id, level: t.level })), ...(executor ? [EXECUTOR_KIT] : [])],
    levelKeys: (l) => LEVEL_KEYS[l],
  });

/** Makes a generation through `POST /api/kits` (201 expected); returns what the device made and each kit's token (in made.kits' order). */
export async function postKits(o: Owner, trustees: ReadonlyArray<{ id: string; level: AccessLevel }>, k: number, generation = 1, executor = false) {
  const made = await makeKits(o, trustees, k, generation, executor);
  const res = await o.t.call('POST', '/api/kits', kitsBody(made), o.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  const answer = (await res.json()) as { generation: number; kits: Array<{ trusteeId: string; token: string }> };
  const tokenOf = (trusteeId: string) => answer.kits.find((x) => x.trusteeId === trusteeId)!.token;
  return { made, tokens: made.kits.map((m) => tokenOf(m.trusteeId)) };
}

/** A public kit call (no cookie), JSON body when given. */
export const kitCall = (o: Owner, method: string, path: string, body?: unknown) => o.t.call(method, path, body);
