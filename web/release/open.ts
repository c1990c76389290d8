/**
 * The ONE place where a release page turns what the server sent into readable content and file
 * keys (issue "Sealed from the server", "The server never decrypts anything"). Today the server
 * sends plaintext records and each file's key as stored in its record, so this only hands them on.
 * When records are sealed, the server sends envelopes, and this function opens them here in the
 * browser: with the message key from the link's fragment (`/r/d/<token>#<key>`) or the scope keys
 * the release escrow hands the trustee's page. Nothing else on the page changes.
 */
import type { DeliveryPageData, TrusteePageData } from '../../shared/release/pages';

/** What each page receives from the server, by route. */
export interface PageData {
  d: DeliveryPageData;
  t: TrusteePageData;
}

/**
 * Opens `raw` (the JSON of `GET …/data`) for route `kind`, with `fragmentKey` (the link's
 * fragment, or null). Returns the content with each file's key usable by files.ts. Throws an
 * Error with a message for the person when the content cannot be opened.
 */
export async function openPage<K extends keyof PageData>(kind: K, raw: PageData[K], fragmentKey: string | null): Promise<PageData[K]> {
  void kind;
  void fragmentKey; // not used until records are sealed (see above)
  return raw;
}
