/**
 * A link someone shared with this person, kept in their own account (issue 43 "or in their own
 * account if they have one"; docs/sharing.md "Keeping a link in your own account"). One item of
 * the profile's `keptShares` list field: the JSON below, sealed under the account's `owner` scope
 * on the way to the server like every sealed field (shared/crypto/fields.ts), so the server never
 * reads the share's key. The key opens the share's copy exactly as the link's fragment does; the
 * title and who shared it are what the person saw and typed when they kept it (the copy names no
 * owner), shown in their "Shared with you" list.
 */
/** A kept link, as the person's devices read it. */
export interface KeptShare {
  /** The share's id: the link's path `/shared/<id>`. */
  id: string;
  /** The share key: the link's fragment, base64url (32 bytes). */
  key: string;
  /** Who shared it, in the person's own words ("Ada"). */
  from: string;
  /** What it was when kept ("Will"), until it is opened again. */
  title: string;
  /** When it was kept (ISO 8601). */
  keptAt: string;
}

/** Longest `from` kept (characters): a name. */
export const KEPT_FROM_MAX = 60;
/** Longest `title` kept: enough to know it; the view shows the whole title. */
export const KEPT_TITLE_MAX = 100;

const SHARE_ID_RE = /^[A-Za-z0-9_-]{22}$/;
const SHARE_KEY_RE = /^[A-Za-z0-9_-]{43}$/;
// Control characters become spaces: one line, and no JSON escape longer than two characters
const oneLine = (s: string, max: number) => s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim().slice(0, max);

/**
 * The list item for `kept`: its JSON, `from` and `title` put on one line and cut to their bounds,
 * so every item fits a list item (LIMITS.listItem, 500 characters: kept-share.test.ts) whatever
 * was typed; a key is never cut. Throws TypeError for an id or key that is not a share link's.
 */
export function keptShareItem(kept: KeptShare): string {
  if (!SHARE_ID_RE.test(kept.id) || !SHARE_KEY_RE.test(kept.key)) throw new TypeError('Not a share link');
  return JSON.stringify({ v: 1, id: kept.id, key: kept.key, from: oneLine(kept.from, KEPT_FROM_MAX), title: oneLine(kept.title, KEPT_TITLE_MAX), keptAt: kept.keptAt });
}

/** The kept link in list item `item`, or null when it is not one (another version, damaged). */
export function parseKeptShare(item: string): KeptShare | null {
  let v: unknown;
  try {
    v = JSON.parse(item);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.v !== 1 || typeof o.id !== 'string' || !SHARE_ID_RE.test(o.id) || typeof o.key !== 'string' || !SHARE_KEY_RE.test(o.key)) return null;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return { id: o.id, key: o.key, from: text(o.from), title: text(o.title), keptAt: text(o.keptAt) };
}

/** The kept links of a profile's `keptShares` (items that are not one are left out), each share once, in the order kept. */
export function keptSharesOf(items: readonly string[] | null | undefined): KeptShare[] {
  const seen = new Set<string>();
  const out: KeptShare[] = [];
  for (const item of items ?? []) {
    const k = parseKeptShare(item);
    if (k && !seen.has(k.id)) {
      seen.add(k.id);
      out.push(k);
    }
  }
  return out;
}
