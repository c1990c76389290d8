/**
 * A released account's trustee page, built once until the account's next write (issue 40 item 1).
 * The page's data (page-data.ts) can be the whole account — tens of megabytes of JSON, built on the
 * event loop — and a trustee's page asks for it every time it opens. So each answer is kept as
 * bytes, per owner, trustee, access level and link, with a stamp of everything it was built from:
 * - the account's latest record sequence (RecordStore.latestSeq: every change of any record takes
 *   a new one, sync pushes, REST and server writes alike);
 * - the small facts outside the records, read again on each request (one query each): the owner's
 *   first name, the sealed state and kits (SealedInfo), the handovers, the failed e-mails and the
 *   trustees' task marks;
 * - the document files that were not complete when it was built (checked again, one by one: a
 *   file completed since then makes a new answer; a complete file only goes with a record write).
 * While the stamp holds, the kept bytes are sent as they are, with the answer's own `now` and
 * language (read on each request: the account's language is a column, not a record; issue 44).
 * Memory is bounded: at most `maxBytes` of kept answers, the least recently used forgotten first;
 * an answer larger than that is built each time (and still charged to the owner, token-budgets.ts).
 * A store without `latestSeq` keeps nothing.
 */
import type { AccessLevel } from '../../shared/schema';
import type { PageServices } from './page-services';
import { sealedInfoOf, trusteePageData } from './page-data';

/** Bytes of kept answers on one server instance, all accounts together (the attack of issue 40 was a 47 MiB answer). */
export const TRUSTEE_PAGE_CACHE_BYTES = 128 * 1024 * 1024;

/** The kept trustee pages of one server instance. */
export interface TrusteePages {
  /**
   * The page's JSON for trustee `trusteeId` of `ownerId` at `level` (page-data.ts trusteePageData), as a stream of bytes;
   * `lang`, when given, is the page's language (TrusteePageData `lang`), put in with `now`, never kept.
   */
  answer(ownerId: string, trusteeId: string, level: AccessLevel, base: string, now: number, lang?: string): Promise<ReadableStream<Uint8Array>>;
  /** How many answers were built (not served from what was kept) since the start: observable by tests and benchmarks. */
  readonly builds: number;
  /** Bytes of the answers kept now (at most `maxBytes`). */
  readonly bytes: number;
  readonly maxBytes: number;
}

interface Kept {
  stamp: string;
  /** The JSON of the answer without its `now`, beginning with `{`. */
  body: Uint8Array;
  missing: string[];
}

/** The trustee pages over `services`, keeping at most `maxBytes` (default TRUSTEE_PAGE_CACHE_BYTES). */
export function createTrusteePages(services: PageServices, maxBytes = TRUSTEE_PAGE_CACHE_BYTES): TrusteePages {
  const kept = new Map<string, Kept>(); // in use order: the first is the least recently used
  let bytes = 0;
  let builds = 0;
  const forget = (key: string) => {
    const k = kept.get(key);
    if (k) bytes -= k.body.byteLength;
    kept.delete(key);
  };
  const keep = (key: string, k: Kept) => {
    forget(key);
    if (k.body.byteLength > maxBytes) return;
    while (bytes + k.body.byteLength > maxBytes) forget(kept.keys().next().value!);
    kept.set(key, k);
    bytes += k.body.byteLength;
  };

  /** Everything the answer is built from besides the records' contents, or null when nothing can be kept. */
  const stampOf = async (ownerId: string, trusteeId: string): Promise<string | null> => {
    const store = services.store;
    if (!store.latestSeq) return null;
    const [seq, owner, sealed, handovers, failed, marks] = await Promise.all([
      store.latestSeq(ownerId),
      services.release.owner(ownerId),
      sealedInfoOf(services, ownerId, trusteeId),
      services.messageKeys.handedOver(ownerId),
      services.release.store.failedEmails(ownerId),
      services.release.store.taskMarks(ownerId),
    ]);
    return JSON.stringify([seq, owner.firstName, sealed, [...handovers], failed, marks]);
  };

  /** True when every blob of `missing` is still not complete (so the kept answer's 'missing' files still are). */
  const stillMissing = async (ownerId: string, missing: readonly string[]) => {
    for (const blobId of missing) if ((await services.blobs.meta.get(ownerId, blobId))?.state === 'complete') return false;
    return true;
  };

  const withNow = (body: Uint8Array, now: number, lang: string | undefined): ReadableStream<Uint8Array> => {
    const langField = lang === undefined ? '' : `,"lang":${JSON.stringify(lang)}`;
    const head = new TextEncoder().encode(`{"now":${JSON.stringify(new Date(now).toISOString())}${langField}${body.byteLength > 2 ? ',' : ''}`);
    return new ReadableStream({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(body.subarray(1));
        controller.close();
      },
    });
  };

  return {
    async answer(ownerId, trusteeId, level, base, now, lang) {
      const key = JSON.stringify([ownerId, trusteeId, level, base]);
      const stamp = await stampOf(ownerId, trusteeId);
      const k = kept.get(key);
      if (stamp !== null && k && k.stamp === stamp && (await stillMissing(ownerId, k.missing))) {
        keep(key, k); // now the most recently used
        return withNow(k.body, now, lang);
      }
      builds++;
      const missing = new Set<string>();
      const { now: _now, ...rest } = await trusteePageData(services, ownerId, trusteeId, level, base, now, missing);
      const body = new TextEncoder().encode(JSON.stringify(rest));
      if (stamp !== null) keep(key, { stamp, body, missing: [...missing] });
      else forget(key);
      return withNow(body, now, lang);
    },
    get builds() {
      return builds;
    },
    get bytes() {
      return bytes;
    },
    maxBytes,
  };
}
