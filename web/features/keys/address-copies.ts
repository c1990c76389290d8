/**
 * The owner's sealed copies of addresses written before copies existed (issue 39 "No back door",
 * attack 4; SECURITY.md "Addresses the owner sealed"): a trustee's `email` or a letter's
 * `recipientEmail` last written by an older device has no copy (`sealedEmail`,
 * `sealedRecipientEmail`; shared/sync/record.ts addOwnerCopies), so nothing could tell later
 * whether the server rewrote it. The owner's device gives each such record its copy once, after a
 * sync has brought this device up to date, from the address it holds then; key-effects.ts says so
 * to the person in plain words (OLDER_ADDRESSES_WORDS), since that address is the one the server
 * gave. A copy this device refused at its pull (refused-fields.ts) is not "no copy" and is left
 * alone: the kit check and the vault say it could not be checked, and offer resealAddress.
 */
import { OWNER_COPIES } from '../../../shared/crypto/fields';
import type { CollectionName } from '../../../shared/schema/collection-names';
import { refusedIds } from '../../db/refused-fields';
import type { UserDatabase, WriteInput } from '../../db/user-database';

/**
 * Writes the missing copies in `db` (each as the address the record holds), in one transaction;
 * returns how many records got one. A record whose copy or plain address this device refused at its
 * pull (refused-fields.ts: it holds an older address than the server's) gets none: the device would
 * vouch for an address it knows to be stale. Throws what the write throws (LocalWriteError).
 */
export async function sealOlderAddresses(db: UserDatabase): Promise<number> {
  const writes: WriteInput[] = [];
  for (const [collection, pair] of Object.entries(OWNER_COPIES) as [CollectionName, Record<string, string>][]) {
    for (const [plain, copy] of Object.entries(pair)) {
      const [refusedCopy, refusedPlain] = await Promise.all([refusedIds(db, collection, copy), refusedIds(db, collection, plain)]);
      const records = (await db.dexie.entities(collection).toArray()) as unknown as Array<Record<string, unknown> & { id: string }>;
      for (const r of records) {
        if (refusedCopy.has(r.id) || refusedPlain.has(r.id) || typeof r[copy] === 'string' || typeof r[plain] !== 'string' || !r[plain]) continue;
        writes.push({ collection, id: r.id, patch: { [copy]: r[plain] } });
      }
    }
  }
  if (writes.length) await db.writeMany(writes);
  return writes.length;
}

/**
 * “Seal this address” (SEAL_ADDRESS_LABEL): the person says the address shown for record `id` of
 * `collection` (a trustee or a letter) is right, after this device refused its sealed copy at a pull
 * (the server left it out or served an older one). Writes that address (the copy this device kept,
 * else the plain one: what address-check.ts letterAddress and kit-check.ts kitAddress show) as both
 * the plain field and its sealed copy with a fresh HLC, even when this device already holds the same
 * values (a save of unchanged fields writes nothing), and clears this device's refusal of the copy:
 * it now holds the owner's newest word, which the next sync sends. Returns the address sealed. Throws
 * Error when the record is not here or has no address, and what the write throws (LocalWriteError).
 */
export async function resealAddress(db: UserDatabase, collection: CollectionName, id: string): Promise<string> {
  const [plain, copy] = Object.entries(OWNER_COPIES[collection] ?? {})[0] ?? [];
  if (!plain || !copy) throw new Error(`${collection} keeps no sealed address`);
  const record = (await db.dexie.entities(collection).get(id)) as Record<string, unknown> | undefined;
  const address = typeof record?.[copy] === 'string' ? record[copy] : record?.[plain];
  if (typeof address !== 'string' || !address) throw new Error('This record has no address to seal');
  await db.writeMany([{ collection, id, patch: { [plain]: address, [copy]: address }, rewrite: [plain, copy] }]);
  await db.dexie.sealErrors.delete([collection, id, copy]);
  return address;
}
