/**
 * What follows from the key session while someone is signed in (SECURITY.md "Sealed from the
 * server", "Release escrow"):
 * - an account with keys whose words are not sealed yet (made before keys: `sealedAt` null) is
 *   sealed in place on this device (migrate.ts sealAccountData): web/sync/lifecycle.ts runs
 *   sealExisting before it starts any sync, so no plain engine runs meanwhile;
 * - a sealed account's release escrow holds the keys its release needs (escrow-deposit.ts): after
 *   the session opens (at once: a release needs it) and whenever the keyring gains a key.
 * - addresses written before sealed copies existed get their copy once per session, after the first
 *   sync brought this device up to date (address-copies.ts), and the person is told.
 * A server answer the key session refused (pin.ts) is told in its words. Failures are told to the person (sealing) or left for Settings' readiness list to name (a
 * missing deposit); nothing is lost by either: the plaintext stays until the sealing finishes.
 */
import type { Keyring } from '../../../shared/crypto/keys';
import { apiFetch } from '../../api/client';
import { useCurrentDb } from '../../db/current';
import { fetchFilesHttp } from '../../files/http';
import type { SyncKeys } from '../../sync/keys-locked';
import { useSyncStore } from '../../sync/sync-store';
import { toast } from '../../ui/toast-store';
import type { Api } from './sign-in';
import { appKeyDeps, useKeySession, type KeySessionState } from './key-session';
import { refusalWords } from './refusal';

/** The open session's keys for the sealing, whether or not the account is sealed yet. */
const keysOf = (s: () => KeySessionState, userId: string): SyncKeys => ({
  userId,
  keyring: () => (s().userId === userId ? s().keyring : null),
  refreshKeyring: () => s().refreshKeyring(),
  addScope: (scope) => s().addScope(scope),
});

/** True when `s` holds the open keys of `userId`'s account whose words are not sealed yet (made before keys). */
export const needsSealing = (s: KeySessionState, userId: string) => s.userId === userId && s.status === 'open' && s.sealedAt === null && !!s.keyring;

/**
 * Seals `userId`'s existing words on this device and refreshes the key session; resolves true
 * when sealed. The caller (web/sync/lifecycle.ts) keeps plain sync stopped meanwhile: a plain
 * engine would pull the new envelopes with no key to open them and show them as text.
 */
export async function sealExisting(userId: string): Promise<boolean> {
  const { sealAccountData, SealAccountError } = await import('./migrate');
  const session = () => useKeySession.getState();
  try {
    const db = useCurrentDb.getState().db;
    await sealAccountData({
      api: apiFetch as Api,
      keys: keysOf(session, userId),
      files: db && db.userId === userId ? { db, http: fetchFilesHttp } : undefined,
    });
    await session().restore(userId);
    toast({ title: 'Your words are sealed', description: 'Only your devices, and later the people you chose, can read what you wrote.' });
    return true;
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 409) return false; // a release under way keeps today's form until it has finished
    console.error('Sealing the account failed', err);
    toast({
      title: 'Your words are not sealed yet',
      description: err instanceof SealAccountError ? err.message : 'We will try again the next time you open Afterword. Nothing was lost.',
      variant: 'destructive',
    });
    return false;
  }
}

/** Tells the person of a server answer the device refused (refusal.ts), in its words. */
const tellRefusal = (words: string) => toast({ title: 'Your server gave an answer this device refused', description: words, variant: 'destructive', persistent: true }); // long words that ask the person to act: kept until dismissed

/**
 * Deposits `userId`'s release keys of `keyring` when they changed (escrow-deposit.ts, which decides
 * from this device's pins whether the escrow has ended); a refusal is told, another failure only
 * logged (Settings names a missing deposit).
 */
async function deposit(userId: string, keyring: Keyring): Promise<void> {
  try {
    // At once, not once the network is quiet (which saved 0.5 KB before idle): a release needs this
    // deposit, and a person who closes the app in the first seconds must have made it (e2e/dated-messages).
    const { depositEscrow } = await import('./escrow-deposit');
    await depositEscrow({ api: apiFetch as Api, keyring, device: appKeyDeps.device, userId });
  } catch (err) {
    const words = refusalWords(err);
    if (words) tellRefusal(words);
    else console.warn('The release keys could not be deposited yet', err);
  }
}

/**
 * Wraps every keyed message for the trustee kits (message-vault/delivery-choice.ts: a new message,
 * a re-key, a rotated key), each as the owner's sealed choices in this device's database say;
 * nothing without kits or before that database is open. A server list that differs from those
 * choices is told (DeviceRefusal); another failure is only logged: it runs again at the next
 * keyring change or start.
 */
async function deliverChoices(s: KeySessionState): Promise<void> {
  // No message key in the keyring, no message to wrap: the kits' code (Shamir) stays unloaded (issue 41).
  if (!s.keyring?.kids().some((kid) => kid.startsWith('msg:'))) return;
  const db = useCurrentDb.getState().db;
  if (!db || db.userId !== s.userId) return; // the owner's sealed choices decide (sealed-choice.ts): none open here yet, nothing is sent
  try {
    const { syncDeliveryChoices, sealedChoicesOf } = await import('../message-vault');
    const { unbound } = await syncDeliveryChoices({ api: apiFetch as Api, account: s.userId!, withAccountKey: s.withAccountKey, keyring: s.keyring!, choices: sealedChoicesOf(db) });
    if (unbound.length) {
      // A hand-over whose trustee holds no kit of the kits in use (removed, or left out of a re-key): said, never switched to the server.
      toast({
        title: unbound.length === 1 ? 'A message has nobody to hand it over' : `${unbound.length} messages have nobody to hand them over`,
        description: 'The trustee you chose holds no trustee kit any more. Open the message and choose another trustee, or let Afterword deliver it.',
        variant: 'destructive',
      });
    }
  } catch (err) {
    const words = refusalWords(err);
    if (words) tellRefusal(words);
    else console.warn('The messages could not be bound to the trustee kits yet', err);
  }
}

/**
 * Binds every keyed message to the kits now, with the app's open key session (no-op while locked):
 * for the Trustee kits section to call once kits are made or re-keyed (web/features/trustees/kits/),
 * so messages need not wait for the next keyring change or start.
 */
export async function bindMessagesToKits(): Promise<void> {
  const s = useKeySession.getState();
  if (s.status === 'open' && s.userId && s.keyring && s.sealedAt !== null) await deliverChoices(s);
}

/**
 * Gives the addresses written before sealed copies their copy (address-copies.ts), now that a sync
 * brought `db` up to date, and says so when there were any; a failure is only logged (it runs again
 * at the next session).
 */
async function sealAddresses(): Promise<void> {
  const db = useCurrentDb.getState().db;
  if (!db) return;
  try {
    const [{ sealOlderAddresses }, { OLDER_ADDRESSES_WORDS }] = await Promise.all([import('./address-copies'), import('./refusal-words')]);
    const n = await sealOlderAddresses(db);
    if (n > 0) toast({ title: 'Addresses now sealed', description: OLDER_ADDRESSES_WORDS(n), persistent: true });
  } catch (err) {
    console.warn('The older addresses could not be sealed yet', err);
  }
}

/** What followKeySession runs; a test may give its own to watch when they run. */
export interface KeyEffects {
  deposit: (userId: string, keyring: Keyring) => Promise<void>;
  sealAddresses: () => Promise<void>;
}

/**
 * Starts following the app's key session for the escrow deposit and the kits' message wraps, and
 * tells the person of a server answer the device refused (key-session.ts `refusal`, once per
 * refusal); returns the unsubscribe. The older addresses' copies (sealAddresses) wait for a sync
 * that ended after the keys opened sealed in this session: a 'synced' from before (an account
 * sealed in place, synced in plain first) says nothing of the sealed pull (key-effects.test.ts).
 */
export function followKeySession(effects: KeyEffects = { deposit, sealAddresses }): () => void {
  let deposited: string | null = null;
  let bound: string | null = null;
  let told: string | null = null;
  const sealedOpen = (s: KeySessionState) => s.status === 'open' && !!s.userId && !!s.keyring && s.sealedAt !== null;
  /** Binds the messages once per keyring, when the account's database is open too (its sealed choices decide). */
  const bind = (s: KeySessionState) => {
    const db = useCurrentDb.getState().db;
    const mark = `${s.userId}:${s.keyringRev}`;
    if (!sealedOpen(s) || !db || db.userId !== s.userId || bound === mark) return;
    bound = mark;
    void deliverChoices(s);
  };
  /** The account whose keys are open and sealed, and since when (ms): a sync must end after it. */
  let sealedOpenSince: { userId: string; at: number } | null = null;
  const react = (s: KeySessionState) => {
    if (s.refusal && s.refusal !== told) tellRefusal(s.refusal);
    told = s.refusal;
    if (!sealedOpen(s)) return;
    if (sealedOpenSince?.userId !== s.userId) sealedOpenSince = { userId: s.userId!, at: Date.now() };
    const mark = `${s.userId}:${s.keyringRev}`;
    if (deposited === mark) return;
    deposited = mark;
    void effects.deposit(s.userId!, s.keyring!).then(() => bind(s));
  };
  let addressed: string | null = null;
  /** Once per account and session, after a sync that ended, with this device up to date, once the keys were open and sealed. */
  const afterSync = () => {
    const s = useKeySession.getState();
    const db = useCurrentDb.getState().db;
    const sync = useSyncStore.getState();
    if (!sealedOpen(s) || !db || db.userId !== s.userId || addressed === s.userId || sync.status !== 'synced') return;
    if (!sync.lastSyncedAt || sealedOpenSince?.userId !== s.userId || sync.lastSyncedAt <= sealedOpenSince.at) return;
    addressed = s.userId;
    void effects.sealAddresses();
  };
  react(useKeySession.getState());
  const stopKeys = useKeySession.subscribe(react);
  const stopDb = useCurrentDb.subscribe(() => bind(useKeySession.getState()));
  const stopSync = useSyncStore.subscribe(afterSync);
  return () => {
    stopKeys();
    stopDb();
    stopSync();
  };
}
