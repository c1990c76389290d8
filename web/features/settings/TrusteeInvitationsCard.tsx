/** The owner's trustees with their invitation state (DESIGN.md §8: invited by email when added). */
import { Link } from 'react-router-dom';
import { ACCESS_LEVEL_COLORS, ACCESS_LEVEL_LABELS } from '../../../shared/labels';
import type { ReleaseTrustee } from '../../../shared/schema/release';
import { Badge, type BadgeColor } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';

const INVITATION: Record<ReleaseTrustee['invitation'], { label: string; color: BadgeColor }> = {
  pending: { label: 'Invitation pending', color: 'gray' },
  invited: { label: 'Invited', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'green' },
};

export function TrusteeInvitationsCard({ trustees }: { trustees: ReleaseTrustee[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Trustees</CardTitle>
        <CardDescription>
          Each trustee is emailed an invitation to accept. Only a trustee who has accepted can report your passing.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {trustees === null ? (
          <p className="text-slate-700">Loading…</p>
        ) : trustees.length === 0 ? (
          <p className="text-slate-700">
            No trustees yet. <Link to="/trustees" className="font-medium text-accent-800 underline">Add a trustee</Link>
          </p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {trustees.map((t) => (
              <li key={t.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{t.name}</p>
                  <p className="truncate text-sm text-slate-700">{t.email}</p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Badge color={ACCESS_LEVEL_COLORS[t.accessLevel]}>{ACCESS_LEVEL_LABELS[t.accessLevel]}</Badge>
                  <Badge color={INVITATION[t.invitation].color}>{INVITATION[t.invitation].label}</Badge>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
