/**
 * The user object of SPEC.md §7 (`GET /api/user/profile`, login, register): account + profile
 * record. For a sealed account (shared/crypto/fields.ts; `account_keys.sealed_at` set) the
 * server holds the profile's sealed fields as envelopes it cannot open: it answers only the
 * plain ones, with the sealed ones at their empty values (the device shows its own opened copy).
 * `language` is the account's (issue 44), a plain column the server writes e-mails in.
 */
import { FIELD_CLASSES } from '../../shared/crypto/fields';
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/languages';
import type { User } from '../../shared/schema';
import type { AccountKeysReader, RecordService } from '../records';

/** The account's fields the user object shows (a `UserRow` of accounts/store/ has them). */
export type UserJsonRow = { id: string; username: string; created_at: string };

/** The sealed profile fields' empty values (a sealed account's user object carries these). */
const SEALED_EMPTY: Partial<User> = { lastName: '', values: [], profileCompletion: 0 };

/** What `userJson` reads: the account's profile record, whether its keys are sealed, and its language (app.ts passes its Services). */
export interface UserJsonSources {
  records: Pick<RecordService, 'get'>;
  keys: { get: AccountKeysReader };
  accounts: { language(userId: string): string | null | Promise<string | null> };
}

/** The user object of `row` with its profile record's fields (a sealed account's sealed fields at their empty values) and the account's language. */
export async function userJson(services: UserJsonSources, row: UserJsonRow): Promise<User> {
  const profile = await services.records.get(row.id, 'profile', row.id);
  // Kept links (issue 43) are the device's, never part of the user object (SPEC.md §3 "User").
  const { id: _id, keptShares: _kept, ...fields } = profile ?? ({} as Record<string, unknown>);
  const sealed = (await services.keys.get(row.id))?.sealedAt != null;
  const classes: Record<string, string> = FIELD_CLASSES.profile;
  const shown = sealed ? { ...SEALED_EMPTY, ...Object.fromEntries(Object.entries(fields).filter(([k]) => classes[k] === 'plain')) } : fields;
  const language = (await services.accounts.language(row.id)) ?? DEFAULT_LANGUAGE;
  return { ...(shown as Omit<User, 'id' | 'username' | 'createdAt'>), id: row.id, username: row.username, createdAt: row.created_at, language: isLanguage(language) ? language : DEFAULT_LANGUAGE };
}
