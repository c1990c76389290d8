/**
 * The viewer's side of "share now" (docs/sharing.md): opens a shared item from its link — the
 * share id in the path, the key in the fragment, which never leaves the browser. Every outcome is
 * a plain result for the page to say in words; a copy that does not open is never shown.
 */
import { openShared, shareKeyFromFragment } from '../../../shared/crypto/share-copy';
import { isSharedCopy, type SharedCopy } from './projections';

export type ViewerFetch = (url: string, init?: RequestInit) => Promise<Response>;

export type SharedView =
  /** `updatedAt`: when the owner's device sealed the copy, read from inside it ('' when it has none). */
  | { kind: 'open'; value: SharedCopy; name: string; updatedAt: string }
  /** The link has no key, or not a whole one (it was cut when copied). */
  | { kind: 'bad-link' }
  /** The owner stopped sharing. */
  | { kind: 'stopped' }
  /** No such share, or nothing sent yet. */
  | { kind: 'gone' }
  /** The answer did not open with this link's key: changed on the way, or another share's. */
  | { kind: 'tampered' }
  /** This link was opened many times in a short while (the share's own bound, 429): wait a few minutes. */
  | { kind: 'busy' }
  /** The server could not be reached or failed; try again. */
  | { kind: 'unreachable' };

/** Opens share `shareId` with the key in `fragment` (location.hash), fetching through `fetchFn`. */
export async function openSharedLink(fetchFn: ViewerFetch, shareId: string, fragment: string): Promise<SharedView> {
  const key = shareKeyFromFragment(fragment);
  if (!key || !/^[A-Za-z0-9_-]{22}$/.test(shareId)) return { kind: 'bad-link' };
  let res: Response;
  try {
    res = await fetchFn(`/api/shared/${shareId}`);
  } catch {
    return { kind: 'unreachable' };
  }
  if (res.status === 410) return { kind: 'stopped' };
  if (res.status === 404 || res.status === 409) return { kind: 'gone' };
  if (res.status === 429) return { kind: 'busy' };
  if (!res.ok) return { kind: 'unreachable' };
  const body = (await res.json().catch(() => null)) as { itemKind?: unknown; itemId?: unknown; revision?: unknown; copy?: unknown; label?: unknown } | null;
  if (!body || typeof body.itemKind !== 'string' || typeof body.itemId !== 'string' || typeof body.revision !== 'number' || typeof body.copy !== 'string' || typeof body.label !== 'string') return { kind: 'tampered' };
  // The copy opens only for the item it was sealed for, and shows only as that kind (security review F1).
  const bound = { shareId, itemKind: body.itemKind, itemId: body.itemId };
  try {
    const value = await openShared(key, bound, 'copy', body.revision, body.copy);
    const name = await openShared(key, bound, 'label', 0, body.label);
    if (!isSharedCopy(value) || value.kind !== bound.itemKind) return { kind: 'tampered' };
    return { kind: 'open', value, name: typeof name === 'string' ? name : '', updatedAt: typeof value.sealedAt === 'string' && !Number.isNaN(Date.parse(value.sealedAt)) ? value.sealedAt : '' };
  } catch {
    return { kind: 'tampered' };
  }
}
