import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { syncRecoveries } from './when-online';

describe('a sync that ends well (when-online.ts syncRecoveries)', () => {
  it('is a recovery only when the sync before it failed (error or offline), not at every sync', () => {
    const store = create<{ status: string }>()(() => ({ status: 'offline' }));
    const seen: boolean[] = [];
    const stop = syncRecoveries(store, (recovered) => seen.push(recovered));
    for (const status of ['syncing', 'synced', 'syncing', 'synced', 'error', 'syncing', 'synced', 'synced']) store.setState({ status });
    expect(seen).toEqual([true, false, true]);
    stop();
    store.setState({ status: 'error' });
    store.setState({ status: 'synced' });
    expect(seen).toHaveLength(3);
  });
});
