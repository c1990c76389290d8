/**
 * The owner's release status, shared by the banner on every signed-in screen and the settings
 * screen, so that "I'm still here" pressed in one place updates both at once.
 */
import { create } from 'zustand';
import type { ReleaseStatus } from '../../../shared/schema/release';
import { serverMessage } from '../../api/client';
import { toast } from '../../ui/toast-store';
import { cancelWaitingPeriod, getReleaseStatus } from './api';
import { formatLongDateTime } from '../../../shared/dates';

interface ReleaseStore {
  /** Null until loaded (or while offline). */
  status: ReleaseStatus | null;
  cancelling: boolean;
  /** Reloads the status; stays quiet when offline (the banner simply waits). */
  refresh(): Promise<void>;
  /** Cancels the waiting period, with a toast either way. */
  stillHere(): Promise<void>;
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
    if (get().cancelling) return;
    set({ cancelling: true });
    try {
      const status = await cancelWaitingPeriod();
      set({ status });
      toast({ title: "We're glad you're here", description: 'The waiting period is cancelled. Nothing was shared.' });
    } catch (err) {
      toast({ title: 'Could not cancel', description: serverMessage(err), variant: 'destructive' });
      await get().refresh();
    } finally {
      set({ cancelling: false });
    }
  },
}));

/** "November 28, 2026 at 12:00 PM GMT+1": en-US long (SPEC.md §9) in the reader's time zone, named. */
export const formatWhen = (iso: string) => formatLongDateTime(iso);
