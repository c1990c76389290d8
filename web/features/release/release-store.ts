/**
 * The owner's release status, shared by the banner on every signed-in screen and the settings
 * screen, so that "I'm still here" pressed in one place updates both at once.
 */
import { create } from 'zustand';
import type { ReleaseStatus } from '../../../shared/schema/release';
import { serverMessage } from '../../api/client';
import { cancelWaitingPeriod, getReleaseStatus } from './api';

/** What "I'm still here" came to: cancelled, or the server's reason it could not be. */
export type StillHereOutcome = { ok: true } | { ok: false; reason: string };

interface ReleaseStore {
  /** Null until loaded (or while offline). */
  status: ReleaseStatus | null;
  cancelling: boolean;
  /** Reloads the status; stays quiet when offline (the banner simply waits). */
  refresh(): Promise<void>;
  /** Cancels the waiting period; null when a cancel is already under way (the banner says the outcome: ReleaseBanners.tsx). */
  stillHere(): Promise<StillHereOutcome | null>;
}

export const useReleaseStore = create<ReleaseStore>()((set, get) => ({
  status: null,
  cancelling: false,
  async refresh() {
    try {
      set({ status: await getReleaseStatus() });
    } catch {
      /* offline or signed out: keep what we know */
    }
  },
  async stillHere() {
    if (get().cancelling) return null;
    set({ cancelling: true });
    try {
      const status = await cancelWaitingPeriod();
      set({ status });
      return { ok: true };
    } catch (err) {
      await get().refresh();
      return { ok: false, reason: serverMessage(err) };
    } finally {
      set({ cancelling: false });
    }
  },
}));
