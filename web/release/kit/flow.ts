/**
 * What every step of the kit page is given (page.ts makes it): the kit's state, the server's calls,
 * the link's verified kit, and how to move on. Passed explicitly, no page-wide state.
 */
import type { Kit } from '../../../shared/crypto/trustee-kit';
import type { View } from '../dom';
import type { KitApi, KitInfo } from './api';

export interface Flow {
  info: KitInfo;
  api: KitApi;
  /** The kit of the link's fragment, verified against `info`; null when the link had none (or a bad one). */
  kit: Kit | null;
  /** Shows `view` in place of the current step and moves focus to its heading (after a click). */
  show(view: View): void;
  /** Asks the server for the kit's state again and shows its step, with `kit` (a typed one) if given. */
  refresh(kit?: Kit): Promise<void>;
}

/** Runs `action` for a click on `button`: disabled while it runs, `busy` said; its Error's message is said. */
export async function busyWhile(button: HTMLButtonElement, busy: string, action: () => Promise<void>, say: (text: string, kind?: 'status' | 'error') => void): Promise<void> {
  button.disabled = true;
  say(busy);
  try {
    await action();
  } catch (err) {
    say((err as Error).message || 'Something went wrong. Please try again.', 'error');
  } finally {
    button.disabled = false;
  }
}
