/**
 * A trustee's kit kept on their device (issue 38, item 2: "a trustee cannot get back in";
 * SECURITY.md "A kit kept on the trustee's device"). Once a kit page has verified a kit (the
 * link's, or a typed code), the browser keeps it in the release pages' origin's localStorage under
 * `afterword.kit.<token>`, so a reload, a later visit or a link from the server's e-mails
 * (`/kit/<token>`, never with the kit) opens without the code.
 *
 * What is kept is exactly what the kit link already carries in its fragment (kit-code.ts
 * kitFragment: the share and the kit secret t), for that one kit's token, and nothing else: no
 * level key, no page content. It is read only by the kit page of that token, verified against the
 * server's commitment before any use (a kit that no longer fits is forgotten), and never sent to
 * the server in a way the link's kit is not (the page sends the commitment to hand over, the share
 * to confirm, never t). "Forget this kit on this device" removes it.
 */
import { kitFragment, parseKitFragment, type Kit } from '../../../shared/crypto/trustee-kit';
import { KitCodeError } from '../../../shared/crypto/errors';

/** The storage key of kit `token`'s kept kit. */
export const keptKey = (token: string) => `afterword.kit.${token}`;

/** Where kits are kept: `Storage`'s three calls (the page's localStorage; a Map-backed one in tests). */
export type KitStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's localStorage, or null where the browser refuses it (storage turned off, some private modes). */
export function pageStorage(): KitStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The kits kept in `storage` for kit page `token`. Every call is safe where storage fails: it then keeps nothing. */
export function keptKit(storage: KitStorage | null, token: string) {
  const key = keptKey(token);
  const kept = {
    /** The kept kit, null when there is none; a kept value that is not a kit is forgotten (null). */
    read(): Kit | null {
      let text: string | null = null;
      try {
        text = storage?.getItem(key) ?? null;
        return text ? parseKitFragment(text) : null;
      } catch (err) {
        if (text && err instanceof KitCodeError) kept.forget();
        return null;
      }
    },
    /** Keeps `kit` (already verified against this link's commitment); false when the browser would not keep it. */
    keep(kit: Kit): boolean {
      try {
        if (!storage) return false;
        storage.setItem(key, kitFragment(kit));
        return true;
      } catch {
        return false;
      }
    },
    /** Whether a kit is kept (the page then says so and offers to forget it). */
    has(): boolean {
      try {
        return !!storage?.getItem(key);
      } catch {
        return false;
      }
    },
    /** Forgets the kept kit (nothing kept is fine). */
    forget(): void {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing kept, or storage refused: there is nothing more to forget.
      }
    },
  };
  return kept;
}

/** The kept kit of one kit page (keptKit). */
export type KeptKit = ReturnType<typeof keptKit>;
