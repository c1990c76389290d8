/**
 * What a trustee's kit page knows of hand-overs bound to their address (hand-over version 2,
 * shared/crypto/trustee-kit.ts handoverWrapContextV2; security review F10): once this browser opened
 * a letter's key from a version 2 wrap, the owner's device had replaced its version 1 wrap, so a
 * version 1 wrap served for that letter later is a server's downgrade and is refused
 * (handover-links.ts openHandovers). Kept per account, trustee and letter, in the page's
 * localStorage where it has one (so a reload still knows), else in memory for the page's life.
 * It holds ids only: no key, no address, no word of a letter.
 */

/** The pins openHandovers reads and writes. */
export interface HandoverPins {
  /** True when this browser opened the hand-over of letter `messageId` (to `trusteeId`, of `account`) from a version 2 wrap. */
  bound(account: string, trusteeId: string, messageId: string): boolean;
  /** Records that it did (never throws: a storage that refuses keeps it in memory). */
  remember(account: string, trusteeId: string, messageId: string): void;
}

/** The storage a pin is kept in (the browser's localStorage has these). */
type PinStorage = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (account: string, trusteeId: string, messageId: string) => `afterword:handover-bound:${JSON.stringify([account, trusteeId, messageId])}`;

/** Pins kept in `storage` (null: memory only) and in memory, so a storage that fails to write still pins for this page. */
export function handoverPinsIn(storage: PinStorage | null): HandoverPins {
  const memory = new Set<string>();
  return {
    bound(account, trusteeId, messageId) {
      const key = keyOf(account, trusteeId, messageId);
      if (memory.has(key)) return true;
      try {
        return storage?.getItem(key) === '2';
      } catch {
        return false; // storage unreadable (a private window): memory alone
      }
    },
    remember(account, trusteeId, messageId) {
      const key = keyOf(account, trusteeId, messageId);
      memory.add(key);
      try {
        storage?.setItem(key, '2');
      } catch {
        // full or refused: the pin stays in memory for this page
      }
    },
  };
}

/** This page's localStorage, or null where there is none or it cannot be reached. */
function pageStorage(): PinStorage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

let pagePins: HandoverPins | null = null;
/** The pins of this page (its localStorage, else memory), made on first use. */
export const thisPagePins = (): HandoverPins => (pagePins ??= handoverPinsIn(pageStorage()));
