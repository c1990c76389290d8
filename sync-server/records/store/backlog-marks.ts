/**
 * The pull answer's `total` and `remaining` (issue 41: "Bringing your plan to this device: 12,400
 * of 30,000") at a cost bounded per page (issue 40: an account asking for one-record pages must not
 * make the server count its whole account on every request).
 *
 * Once per change of an account, one pass over its index entries marks every MARK_STEP-th of its
 * sequences (BacklogMarks, kept per account in a BacklogMemo). A page's counts are then a binary
 * search over the marks and a count of the at most MARK_STEP - 1 entries between the mark below the
 * cursor and the cursor (rankSegment). The marks hold while the account's latest sequence is the
 * one they were made at: every change gives the changed record a new, higher sequence, and records
 * are never removed but with their account (record-store.ts backlog).
 */

/** One mark every this many of an account's records: a page's count reads fewer entries than this. */
export const MARK_STEP = 256;

/** Accounts whose marks are kept (least recently used dropped first): ~1 KB each at 30,000 records. */
const KEPT_ACCOUNTS = 1000;

/** An account's records as seen at `latest`: how many, and the sequence of each MARK_STEP-th. */
export interface BacklogMarks {
  /** The account's highest sequence when marked (0: no records). */
  readonly latest: number;
  /** Its records, tombstones included. */
  readonly total: number;
  /** `marks[k]` is the sequence of its ((k + 1) × MARK_STEP)-th record in sequence order. */
  readonly marks: readonly number[];
}

/** The marks of an account whose sequences, in ascending order, are `seqs`. */
export function marksOfSeqs(seqs: readonly number[]): BacklogMarks {
  const marks: number[] = [];
  for (let i = MARK_STEP - 1; i < seqs.length; i += MARK_STEP) marks.push(seqs[i]!);
  return { latest: seqs.at(-1) ?? 0, total: seqs.length, marks };
}

/**
 * Where `cursor` falls in the marks: the account's records at or below it are `below` plus those
 * with a sequence in (`after`, `cursor`], which are fewer than MARK_STEP (the next mark is above it).
 */
export function rankSegment(m: BacklogMarks, cursor: number): { below: number; after: number } {
  let lo = 0;
  let hi = m.marks.length; // k = how many marks are at or below the cursor
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (m.marks[mid]! <= cursor) lo = mid + 1;
    else hi = mid;
  }
  return { below: lo * MARK_STEP, after: lo > 0 ? m.marks[lo - 1]! : -1 };
}

/** `total` and `remaining` after `cursor`, given how many records lie in its segment (rankSegment). */
export function backlogFrom(m: BacklogMarks, below: number, inSegment: number): { total: number; remaining: number } {
  return { total: m.total, remaining: Math.max(0, m.total - below - inSegment) };
}

/** Marks kept per account, valid only at the latest sequence they were made at. */
export class BacklogMemo {
  private readonly kept = new Map<string, BacklogMarks>();

  /** The account's marks if they were made at `latest` (its highest sequence now), else undefined. */
  get(userId: string, latest: number): BacklogMarks | undefined {
    const m = this.kept.get(userId);
    if (!m || m.latest !== latest) return undefined;
    this.kept.delete(userId); // most recently used last
    this.kept.set(userId, m);
    return m;
  }

  /** Keeps `m` for the account, dropping the least recently used account past KEPT_ACCOUNTS. */
  put(userId: string, m: BacklogMarks): void {
    this.kept.delete(userId);
    this.kept.set(userId, m);
    if (this.kept.size > KEPT_ACCOUNTS) this.kept.delete(this.kept.keys().next().value!);
  }
}
