/**
 * Which documents' shares must be sealed again (docs/sharing.md "Always current"), kept apart from
 * React so it is tested on its own: `update(documents)` notes each document's shared copy (the
 * first sight of one is its baseline: nothing sent) and queues every one whose copy changed;
 * `run()` refreshes the queue, keeping any that failed (offline, a server error) for the next run.
 */
import type { LegalDocument } from '../../../shared/schema';
import { documentCopy } from './share-client';

export interface ShareFollower {
  /** Notes `documents` as they are now; returns true when something waits to be refreshed. */
  update(documents: readonly LegalDocument[]): boolean;
  /** Refreshes every queued document once; returns the ids of the shares refused (keys this device did not make). */
  run(): Promise<string[]>;
}

/** A follower that refreshes through `refresh` (share-client.ts refreshShares with the device's deps). */
export function createShareFollower(refresh: (d: LegalDocument) => Promise<{ refused: string[] }>): ShareFollower {
  const seen = new Map<string, string>();
  const pending = new Map<string, LegalDocument>();
  return {
    update(documents) {
      for (const d of documents) {
        const copy = JSON.stringify(documentCopy(d));
        const before = seen.get(d.id);
        seen.set(d.id, copy);
        if (before !== undefined && before !== copy) pending.set(d.id, d);
      }
      return pending.size > 0;
    },
    async run() {
      const refused: string[] = [];
      for (const [id, d] of [...pending]) {
        try {
          refused.push(...(await refresh(d)).refused);
          if (pending.get(id) === d) pending.delete(id); // a newer change meanwhile stays queued
        } catch {
          // Kept: tried again at the next change or when the device is back online.
        }
      }
      return refused;
    },
  };
}
