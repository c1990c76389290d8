/**
 * What every step of the kit page is given (page.ts makes it): the kit's state, the server's calls,
 * the link's verified kit, and how to move on. Passed explicitly, no page-wide state.
 */
import type { Kit } from '../../../shared/crypto/trustee-kit';
import type { View } from '../dom';
import type { KitApi, KitInfo } from './api';
import { kt } from './words';

export interface Flow {
  info: KitInfo;
  api: KitApi;
  /** The kit the page acts with, verified against `info`: the link's, the one kept on this device, or a typed one; null when none. */
  kit: Kit | null;
  /** Where `kit` came from (the page's words differ: "This link holds your kit", "This device keeps your kit"). */
  kitFrom: KitFrom;
  /** Shows `view` in place of the current step and moves focus to its heading (after a click). */
  show(view: View): void;
  /** Asks the server for the kit's state again and shows its step, with `kit` (a typed one) if given. */
  refresh(kit?: Kit): Promise<void>;
  /** Keeps `kit` (verified) on this device (device-kit.ts), after a typed code opened or confirmed; never the executor kit. */
  keep(kit: Kit): void;
  /** Forgets the kit kept on this device and shows the step without any kit ("Forget this kit on this device"). */
  forget(): Promise<void>;
}

/** Where a flow's kit came from: the link's fragment, this device's storage, a typed code, or none. */
export type KitFrom = 'link' | 'device' | 'code' | null;

/** Runs `action` for a click on `button`: disabled while it runs, `busy` said; its Error's message is said. */
export async function busyWhile(button: HTMLButtonElement, busy: string, action: () => Promise<void>, say: (text: string, kind?: 'status' | 'error') => void): Promise<void> {
  button.disabled = true;
  say(busy);
  try {
    await action();
  } catch (err) {
    say((err as Error).message || kt('kit.error.action'), 'error');
  } finally {
    button.disabled = false;
  }
}
