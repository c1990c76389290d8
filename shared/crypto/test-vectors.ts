/**
 * The committed test vectors (vectors.json; README.md "Test vectors"): fixed keys, nonces and
 * inputs → fixed outputs, for every format of shared/crypto. vectors.test.ts recomputes them; a
 * change to any format must change its version, not these bytes. Regenerate (only for a new
 * version) with `npx tsx shared/crypto/test-vectors.ts --write`; the Shamir shares are random
 * (the library draws its own coefficients) and are made once then only verified; the trustee kit
 * vectors and Shamir shares from fixed coefficients come from kit-test-vectors.ts.
 */
import { fromHex, toHex, type RandomSource } from './bytes';
import { seal } from './envelope';
import { deriveBytes } from './kdf';
import { Keyring, wrapAccountKey } from './keys';
import { makeKitVectors } from './kit-test-vectors';
import { formatRecoveryCode, recoveryKey } from './recovery';
import { rotateAccountKey } from './rotation';
import { sealShared } from './share-copy';
import { importAesKey, wrapKey } from './wrap';

/** A fixed "random" source: bytes `start`, `start+1`, … (mod 256). For vectors only. */
export const fixedRandom = (start: number): RandomSource => (n) => Uint8Array.from({ length: n }, (_, i) => (start + i) & 255);

/** A fixed source whose every call goes on where the last one stopped (distinct nonces within one vector). For vectors only. */
const countingRandom = (start: number): RandomSource => {
  let at = start;
  return (n) => {
    const out = fixedRandom(at)(n);
    at += n;
    return out;
  };
};

/**
 * A rotation from AK version 1 to 2 (rotation.ts): a keyring of the fixed scopes made from fixed
 * bytes, no kit generation, every nonce and the new AK and recovery secret from countingRandom.
 */
async function rotationVector(unlock: Uint8Array) {
  const oldAk = fromHex(AK);
  const keyring = await Keyring.load(await (await Keyring.create('u1', countingRandom(0))).save(oldAk, 1, countingRandom(64)), oldAk, 'u1');
  const r = await rotateAccountKey({ userId: 'u1', keyring, oldAk, fromAkVersion: 1, unlockKey: await importAesKey(unlock), ownerCopies: {}, random: countingRandom(128) });
  return { unlockKey: toHex(unlock), oldAk: AK, userId: 'u1', newAk: toHex(r.ak), akVersion: r.akVersion, code: r.code, keys: Object.fromEntries(keyring.kids().map((kid) => [kid, toHex(keyring.raw(kid)!)])), body: r.body };
}

const KEY = toHex(Uint8Array.from({ length: 32 }, (_, i) => i));
const AK = toHex(Uint8Array.from({ length: 32 }, (_, i) => 0xa0 + i));
const HLC = '000001700000000-0000-abcdef0123456789';
const SALT = 'AAECAwQFBgcICQoLDA0ODw';
const PASSWORD = 'correct horse battery staple';

/** Every deterministic vector, computed by this code. */
export async function makeVectors() {
  const key = await importAesKey(fromHex(KEY));
  const envelopeCases = [
    { place: { userId: 'u1', collection: 'deathPlan', recordId: 'u1', field: 'obituary' }, value: 'Bury me under the oak' },
    { place: { userId: 'u1', collection: 'survivorTasks', recordId: 't1', field: 'resources/i1' }, value: { text: 'Call Ana', pos: 'a0' } },
    { place: { userId: 'u1', collection: 'messages', recordId: 'm1', field: 'messageContent' }, value: 'é'.repeat(700) },
  ];
  const envelope = [];
  for (const [i, c] of envelopeCases.entries()) {
    envelope.push({ key: KEY, kid: 'plan~1', hlc: HLC, nonce: toHex(fixedRandom(i * 16)(12)), ...c, envelope: await seal({ kid: 'plan~1', key }, c.place, HLC, c.value, fixedRandom(i * 16)) });
  }
  const argon2id = { alg: 'argon2id', v: 1, memoryKiB: 65536, iterations: 3, parallelism: 1, salt: SALT } as const;
  const pbkdf2 = { alg: 'pbkdf2-sha256', v: 1, iterations: 600_000, salt: SALT } as const;
  const kdf = [];
  for (const params of [argon2id, pbkdf2]) kdf.push({ password: PASSWORD, params, bytes: toHex(await deriveBytes(PASSWORD, params)) });
  const unlock = fromHex(kdf[0]!.bytes).slice(32);
  const secret = Uint8Array.from({ length: 16 }, (_, i) => 0xf0 - i);
  return {
    envelope,
    wrap: {
      scopeKey: { ak: AK, key: KEY, userId: 'u1', purpose: 'scope', id: 'plan~1', nonce: toHex(fixedRandom(200)(12)), wrapped: await wrapKey(await importAesKey(fromHex(AK)), fromHex(KEY), { userId: 'u1', purpose: 'scope', id: 'plan~1' }, fixedRandom(200)) },
      akUnderPassword: { unlockKey: toHex(unlock), ak: AK, userId: 'u1', akVersion: 1, nonce: toHex(fixedRandom(220)(12)), wrapped: await wrapAccountKey(await importAesKey(unlock), fromHex(AK), 'u1', 1, 'password', fixedRandom(220)) },
    },
    kdf,
    recovery: {
      secret: toHex(secret),
      code: await formatRecoveryCode(secret),
      userId: 'u1',
      ak: AK,
      nonce: toHex(fixedRandom(240)(12)),
      wrappedAk: await wrapAccountKey(await recoveryKey(secret, 'u1'), fromHex(AK), 'u1', 1, 'recovery', fixedRandom(240)),
    },
    rotation: await rotationVector(unlock),
    // "Share now" (share-copy.ts s1): a document's copy under a share key, bound to its share and item, at revision 3.
    shareCopy: {
      key: KEY,
      shareId: 'AAECAwQFBgcICQoLDA0ODw',
      itemKind: 'document',
      itemId: 'doc-1',
      part: 'copy',
      revision: 3,
      value: { kind: 'document', documentName: 'Will', originalLocation: 'The oak desk' },
      nonce: toHex(fixedRandom(260)(12)),
      sealed: await sealShared(fromHex(KEY), { shareId: 'AAECAwQFBgcICQoLDA0ODw', itemKind: 'document', itemId: 'doc-1' }, 'copy', 3, { kind: 'document', documentName: 'Will', originalLocation: 'The oak desk' }, fixedRandom(260)),
    },
    ...(await makeKitVectors()),
  };
}

if (process.argv.includes('--write')) {
  const { writeFileSync, readFileSync, existsSync } = await import('node:fs');
  const { split } = await import('shamir-secret-sharing');
  const { commitShare, makeCheckValue } = await import('./shamir');
  const file = new URL('./vectors.json', import.meta.url);
  const old = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const ctx = { account: 'u1', generation: 1 };
  const shamir =
    old.shamir ??
    (await Promise.all(
      [
        [3, 2],
        [5, 3],
        [1, 1],
      ].map(async ([n, k]) => {
        const q = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n!) & 255);
        const shares = k === 1 ? [q] : await split(q, n!, k!);
        return {
          n,
          k,
          q: toHex(q),
          shares: shares.map(toHex),
          commitments: await Promise.all(shares.map((bytes, i) => commitShare(ctx, { index: i + 1, bytes }))),
          check: await makeCheckValue(q, ctx, fixedRandom(n! * 10)),
        };
      }),
    ));
  writeFileSync(file, `${JSON.stringify({ ...(await makeVectors()), shamir }, null, 2)}\n`);
}
