/**
 * When a device sends what waits on it (shares and stops made offline: ShareFollow.tsx; emergency
 * choices saved offline: emergency/EmergencyFollow.tsx): at once, each time the browser says it is
 * back online, and after each sync that ends (an item written offline reaches the server first).
 */
import { useSyncStore } from '../../sync/sync-store';

/** Calls `run` now, on every `online` event and after each sync that ends; returns what stops it. */
export function runNowOnlineAndSynced(run: () => void): () => void {
  run();
  window.addEventListener('online', run);
  const unsubscribe = useSyncStore.subscribe((s, prev) => s.status === 'synced' && prev.status !== 'synced' && run());
  return () => {
    window.removeEventListener('online', run);
    unsubscribe();
  };
}
