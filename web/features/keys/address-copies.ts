/**
 * The owner's sealed copies of addresses written before copies existed (issue 39 "No back door",
 * attack 4; SECURITY.md "Addresses the owner sealed"): a trustee's `email` or a letter's
 * `recipientEmail` last written by an older device has no copy (`sealedEmail`,
 * `sealedRecipientEmail`; shared/sync/record.ts addOwnerCopies), so nothing could tell later
 * whether the server rewrote it. The owner's device gives each such record its copy once, after a
 * sync has brought this device up to date, from the address it holds then; key-effects.ts says so
 * to the person in plain words (OLDER_ADDRESSES_WORDS), since that address is the one the server
 * gave. A copy this device refused at its pull (refused-fields.ts) is not "no copy" and is left
 * alone: the kit check and the vault say it could not be checked.
 */
import { OWNER_COPIES } from '../../../shared/crypto/fields';
import type { CollectionName } from '../../../shared/schema/collection-names';
import { refusedIds } from '../../db/refused-fields';
import type { UserDatabase } from '../../db/user-database';

/**
 * Writes the missing copies in `db` (each as the address the record holds); returns how many
 * records got one. Throws what the write throws (LocalWriteError).
 */
export async function sealOlderAddresses(db: UserDatabase): Promise<number> {
  let written = 0;
  for (const [collection, pair] of Object.entries(OWNER_COPIES) as [CollectionName, Record<string, string>][]) {
    for (const [plain, copy] of Object.entries(pair)) {
      const refused = await refusedIds(db, collection, copy);
      const records = (await db.dexie.entities(collection).toArray()) as unknown as Array<Record<string, unknown> & { id: string }>;
      for (const r of records) {
        if (refused.has(r.id) || typeof r[copy] === 'string' || typeof r[plain] !== 'string' || !r[plain]) continue;
        await db.write(collection, r.id, { [copy]: r[plain] });
        written++;
      }
    }
  }
  return written;
}
