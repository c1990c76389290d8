/**
 * What Settings' sharing timeline reads (ShareTimelineCard.tsx; issue 43 "The owner always knows"):
 * the owner's shares (names opened on this device) and their emergency requests, as one timeline.
 * The two come from two routes; when the emergency requests cannot be read, the shares are still
 * shown and the card says that part could not load (security review s23 L1: the whole timeline
 * failed with it). A failure to read the shares is thrown (the card says the timeline could not load).
 */
import type { OwnerEmergencyRequest } from '../../../shared/schema/kits';
import { serverMessage } from '../../api/client';
import { t } from '../../i18n/i18n';
import './messages'; // the 'sharing' words it says
import { copyTitle, projectItem, type ShareSource } from './projections';
import { listShares, openShareRows, type ShareDeps, type ShareRow } from './share-client';
import { emergencyEvents, timelineEvents, type TimelineEvent } from './timeline';

/** The timeline, its share rows and names (for the review notice), and why the emergency requests are missing (null when they are there). */
export interface LoadedTimeline {
  events: TimelineEvent[];
  rows: ShareRow[];
  names: Map<string, string>;
  titleOf: (s: ShareRow['share']) => string | null;
  emergencyFailed: string | null;
}

/** Reads the timeline of the owner `deps` names, titles and trustees' names from their records `source`, links made for `origin`. */
export async function loadTimeline(deps: ShareDeps, source: ShareSource, origin: string): Promise<LoadedTimeline> {
  const [rows, emergency] = await Promise.all([
    listShares(deps).then((shares) => openShareRows(deps, shares, origin)),
    deps.api<{ requests: OwnerEmergencyRequest[] }>('/api/emergency').then(
      ({ requests }) => ({ requests, failed: null }),
      (err: unknown) => ({ requests: [] as OwnerEmergencyRequest[], failed: serverMessage(err, t('sharing.checkConnection')) }),
    ),
  ]);
  const trusteeName = (id: string) => source.trustees.find((t) => t.id === id)?.name || null;
  const names = new Map(rows.flatMap((r) => (r.name ? [[r.share.id, r.name] as const] : [])));
  const titleOf = (s: ShareRow['share']) => {
    const copy = projectItem({ kind: s.itemKind, id: s.itemId }, source);
    return copy ? copyTitle(copy) : null;
  };
  const events = timelineEvents(rows.map((r) => r.share), names, titleOf, emergencyEvents(emergency.requests, trusteeName));
  return { events, rows, names, titleOf, emergencyFailed: emergency.failed };
}
