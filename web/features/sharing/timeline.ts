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
 *   opening by the trustee's page, ended, withdrawn).
 */
import type { AccessLevel } from '../../../shared/schema';
import type { DeliveryChoice } from '../../../shared/schema/message';
import type { OwnerEmergencyRequest } from '../../../shared/schema/kits';
import type { ShareKind } from '../../../shared/share-items';
import type { ShareJson } from './share-client';

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
  what: 'made' | 'opened' | 'stopped' | 'asked' | 'refused' | 'granted' | 'ended' | 'withdrawn';
  /** The sentence a person reads. */
  text: string;
}

/** Who the viewer is (the name sealed in the share, a stopped one's from what was kept for the timeline; 'someone' when none opened). */
const who = (name: string | undefined) => name || 'someone';

/**
 * The timeline of `shares` (every phase), newest first. `names` maps a share id to the viewer's
 * name (opened on this device); `titleOf` names the item ("Last Will", "My plan: Music") or
 * returns null for one deleted since.
 */
export function timelineEvents(shares: readonly ShareJson[], names: ReadonlyMap<string, string>, titleOf: (s: ShareJson) => string | null, more: readonly TimelineEvent[] = []): TimelineEvent[] {
  const out: TimelineEvent[] = [...more];
  for (const s of shares) {
    const item = titleOf(s);
    const what = item ? `"${item}"` : 'an item you have since deleted';
    const name = who(names.get(s.id));
    out.push({ key: `${s.id}:made`, at: s.createdAt, what: 'made', text: `You shared ${what} with ${name}.` });
    const opener = name === 'someone' ? 'The person you shared it with' : name;
    // Every opening the server kept; a list from before it kept them has the last one only.
    if (s.openings?.length) for (const at of s.openings) out.push({ key: `${s.id}:opened:${at}`, at, what: 'opened', text: `${opener} opened ${what}.` });
    else if (s.openedAt) out.push({ key: `${s.id}:opened`, at: s.openedAt, what: 'opened', text: `${opener} last opened ${what}.` });
    if (s.stoppedAt) out.push({ key: `${s.id}:stopped`, at: s.stoppedAt, what: 'stopped', text: `You stopped sharing ${what}${name === 'someone' ? '' : ` with ${name}`}. That link opens nothing now.` });
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
    const who = name ?? 'A former trustee';
    const whose = name ? `${name}'s` : "A former trustee's";
    const add = (what: TimelineEvent['what'], at: string | null, text: string) => at && out.push({ key: `${r.id}:${what}:${at}`, at, what, text });
    add('asked', r.requestedAt, `${who} asked for emergency access.`);
    if (r.phase === 'refused') add('refused', r.decidedAt, `You refused ${name ? whose : "a former trustee's"} request for emergency access. Nothing was opened.`);
    if (r.phase === 'withdrawn') add('withdrawn', r.decidedAt, `${whose} request for emergency access ended unopened: they were no longer your trustee.`);
    add('granted', r.grantedAt, `${whose} wait ended and nobody refused: they could open what you marked for emergencies.`);
    for (const at of r.openings ?? []) add('opened', at, `${who} opened what you marked for emergencies.`);
    add('ended', r.endedAt, `Emergency access for ${name ?? 'a former trustee'} ended. From then on they open nothing new.`);
  }
  return newestFirst(out);
}
