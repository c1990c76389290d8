/**
 * "The owner always knows" (issue 43; docs/sharing.md): who can see an item, and the timeline of
 * every share. Pure, tested on its own (timeline.test.ts):
 *
 * - `afterDeathReach(accessLevel, kind)`: whether a trustee of that access level reads an item of
 *   that kind after the release (sync-server/release/page-data.ts: full reads the plan, documents,
 *   tasks and trustees; documents-only the documents; messages-only none of them; no trustee a letter);
 * - `timelineEvents(shares, names, titles, more)`: each share's events (made, every opening by the viewer,
 *   stopped), with `more` (emergencyEvents), newest first, from the server's rows, who and what in words;
 * - `emergencyEvents(requests, nameOf)`: each emergency request's events (asked, refused, granted, every
 *   handing-out of the key to the trustee's page, the page's own word that it opened the items, ended,
 *   withdrawn).
 */
import type { AccessLevel } from '../../../shared/schema';
import type { DeliveryChoice } from '../../../shared/schema/message';
import type { OwnerEmergencyRequest } from '../../../shared/schema/kits';
import type { ShareKind } from '../../../shared/share-items';
import type { ShareJson } from './share-client';
import { type MessageId, t } from '../../i18n/i18n';
import './messages'; // the 'sharing' words of the timeline

/** Whether a trustee with `level` reads an item of `kind` after the owner's death, or never (unless it is shared now). */
export function afterDeathReach(level: AccessLevel, kind: ShareKind): 'after-death' | 'never' {
  if (kind === 'letter') return 'never'; // a letter goes to its recipient; who hands it over reads it: letterReach
  if (level === 'full') return 'after-death';
  if (level === 'documents-only' && kind === 'document') return 'after-death';
  return 'never';
}

/**
 * A trustee's reach to a letter after the owner's death: the trustees the owner chose to hand it
 * over (its sealed `delivery`) open it with their kit to do so ('hands-over'); no other trustee
 * reads it ('never'), whatever their access level (SECURITY.md "Trustee kits: who can read what").
 */
export function letterReach(letter: { delivery?: Pick<DeliveryChoice, 'mode' | 'trustees'> | null }, trusteeId: string): 'hands-over' | 'never' {
  return letter.delivery?.mode === 'trustee' && letter.delivery.trustees.includes(trusteeId) ? 'hands-over' : 'never';
}

/** One line of the timeline. */
export interface TimelineEvent {
  /** share id and what happened: a stable React key. */
  key: string;
  at: string;
  what: 'made' | 'opened' | 'served' | 'stopped' | 'asked' | 'refused' | 'granted' | 'ended' | 'withdrawn';
  /** The sentence a person reads. */
  text: string;
}

/**
 * The timeline of `shares` (every phase), newest first. `names` maps a share id to the viewer's
 * name (opened on this device); `titleOf` names the item ("Last Will", "My plan: Music") or
 * returns null for one deleted since.
 */
export function timelineEvents(shares: readonly ShareJson[], names: ReadonlyMap<string, string>, titleOf: (s: ShareJson) => string | null, more: readonly TimelineEvent[] = []): TimelineEvent[] {
  const out: TimelineEvent[] = [...more];
  for (const s of shares) {
    const item = titleOf(s);
    const what = item ? t('sharing.timeline.item', { title: item }) : t('sharing.timeline.deletedItem');
    // Who the viewer is: the name sealed in the share (a stopped one's from what was kept for the timeline), or none.
    const known = names.get(s.id) || null;
    out.push({ key: `${s.id}:made`, at: s.createdAt, what: 'made', text: t('sharing.timeline.made', { what, name: known ?? t('sharing.someone') }) });
    const opener = known ?? t('sharing.notRefreshed.who');
    // Every opening the server kept; a list from before it kept them has the last one only.
    if (s.openings?.length) for (const at of s.openings) out.push({ key: `${s.id}:opened:${at}`, at, what: 'opened', text: t('sharing.timeline.opened', { name: opener, what }) });
    else if (s.openedAt) out.push({ key: `${s.id}:opened`, at: s.openedAt, what: 'opened', text: t('sharing.timeline.lastOpened', { name: opener, what }) });
    const stopped = known ? t('sharing.timeline.stoppedWith', { what, name: known }) : t('sharing.timeline.stopped', { what });
    if (s.stoppedAt) out.push({ key: `${s.id}:stopped`, at: s.stoppedAt, what: 'stopped', text: stopped });
  }
  return newestFirst(out);
}

/** `events` newest first (ties by key, so the order is stable). */
const newestFirst = (events: TimelineEvent[]) => events.sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key));

/**
 * The events of the owner's emergency requests (GET /api/emergency `requests`; docs/sharing.md
 * "Emergency access"): who asked, the owner's refusal, the wait's end with no refusal, each time the
 * trustee's page opened the items, the end, a request withdrawn with its trustee, newest first.
 * `nameOf` names a trustee from this device's records (null for one removed since).
 */
export function emergencyEvents(requests: readonly OwnerEmergencyRequest[], nameOf: (trusteeId: string) => string | null): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  for (const r of requests) {
    const name = nameOf(r.trusteeId);
    const who = name ?? t('sharing.timeline.formerTrustee');
    // A named trustee's line, or a former trustee's (its own sentence: a possessive does not translate as a value).
    const line = (named: MessageId, former: MessageId) => (name ? t(named, { name }) : t(former));
    const add = (what: TimelineEvent['what'], at: string | null, text: string) => at && out.push({ key: `${r.id}:${what}:${at}`, at, what, text });
    add('asked', r.requestedAt, t('sharing.timeline.asked', { name: who }));
    if (r.phase === 'refused') add('refused', r.decidedAt, line('sharing.timeline.refused', 'sharing.timeline.refusedFormer'));
    if (r.phase === 'withdrawn') add('withdrawn', r.decidedAt, line('sharing.timeline.withdrawn', 'sharing.timeline.withdrawnFormer'));
    if (r.grantedAt) add('granted', r.grantedAt, line('sharing.timeline.granted', 'sharing.timeline.grantedFormer'));
    // The server's note of each handing-out of the key, and the page's own word that it opened the items (once per grant).
    for (const at of r.openings ?? []) add('served', at, t('sharing.timeline.emergencyServed', { name: who }));
    add('opened', r.openedAt ?? null, t('sharing.timeline.emergencyOpened', { name: who }));
    if (r.endedAt) add('ended', r.endedAt, line('sharing.timeline.ended', 'sharing.timeline.endedFormer'));
  }
  return newestFirst(out);
}
