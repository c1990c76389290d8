/**
 * The release activity log, newest first (DESIGN.md §8: every step is in a log the owner can read).
 * The server names people by address; the names this device holds are put beside them.
 */
import { formatLongDateTime } from '../../../shared/labels';
import type { ReleaseActivity } from '../../../shared/schema/release';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { nameAddresses, usePeopleByAddress } from '../release';

export function ActivityCard({ activity }: { activity: ReleaseActivity[] | null }) {
  const people = usePeopleByAddress();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity === null ? (
          <p className="text-slate-700">Loading…</p>
        ) : activity.length === 0 ? (
          <p className="text-slate-700">Nothing has happened yet.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {activity.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                <time dateTime={a.at} className="shrink-0 text-sm text-slate-700 sm:w-48">
                  {formatLongDateTime(a.at)}
                </time>
                <span className="text-slate-900">{nameAddresses(a.text, people)}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
