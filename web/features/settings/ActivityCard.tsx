/** The release activity log, newest first (DESIGN.md §8: every step is in a log the owner can read). */
import { formatLongDateTime } from '../../../shared/labels';
import type { ReleaseActivity } from '../../../shared/schema/release';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';

export function ActivityCard({ activity }: { activity: ReleaseActivity[] | null }) {
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
                <span className="text-slate-900">{a.text}</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
