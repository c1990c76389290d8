/**
 * When the older addresses get their sealed copy (key-effects.ts followKeySession): only after a
 * sync that ended once this session's keys were open and sealed. A 'synced' left from before (an
 * account sealed in place by "Upgrade an older account", whose device synced in plain first) does
 * not count: the copies would be made from what the device held before the sealed pull, and the
 * persistent "Addresses now sealed" would stand in front of "Your words are sealed" (seen in CI:
 * e2e/seal-existing.test.ts waited for the latter in vain).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Keyring } from '../../../shared/crypto/keys';
import { useCurrentDb } from '../../db/current';
import type { UserDatabase } from '../../db/user-database';
import { useSyncStore } from '../../sync/sync-store';
import { followKeySession } from './key-effects';
import { useKeySession } from './key-session';

const USER = 'u-older-addresses';
// The scheduling alone is under test: a keyring with no message key (so no kit wraps are sent) and a database naming the account.
const keyring = { kids: () => [] } as unknown as Keyring;
const db = { userId: USER } as unknown as UserDatabase;

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  useKeySession.setState({ userId: null, status: 'none', keyring: null, keyringRev: 0, sealedAt: null, refusal: null });
  useCurrentDb.setState({ db: null });
});

describe('older addresses are sealed after a sync of this session', () => {
  it('not on a sync that ended before the keys opened sealed; once on the next one', () => {
    const calls: string[] = [];
    useSyncStore.setState({ status: 'synced', lastSyncedAt: Date.now() - 60_000 }); // the plain sync before "Upgrade an older account"
    useCurrentDb.setState({ db });
    stop = followKeySession({ deposit: async () => {}, sealAddresses: async () => void calls.push('sealed') });
    useKeySession.setState({ userId: USER, status: 'open', keyring, keyringRev: 1, sealedAt: Date.now() }); // sealed in place just now
    useSyncStore.setState({ progress: undefined }); // any change while that old 'synced' stands
    expect(calls).toEqual([]);

    useSyncStore.setState({ status: 'syncing' });
    useSyncStore.setState({ status: 'synced', lastSyncedAt: Date.now() + 1 });
    expect(calls).toEqual(['sealed']);
    useSyncStore.setState({ status: 'synced', lastSyncedAt: Date.now() + 2 });
    expect(calls).toEqual(['sealed']); // once per account and session
  });
});
