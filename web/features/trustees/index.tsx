/**
 * Trustees (SPEC.md §2 "Trustees", §4, §5 "Add or edit trustee", §8): the people who can report
 * the person's passing and receive access by level, kept in the local store (add, edit and remove
 * work offline and sync later). `openCreate`: the route is /trustees/new, so 'Add Trustee' opens at once.
 */
import { useState } from 'react';
import { Info, Mail, Phone, Plus, UsersRound } from 'lucide-react';
import { ACCESS_LEVEL_COLORS, ACCESS_LEVEL_LABELS, formatLongDate } from '../../../shared/labels';
import type { Trustee } from '../../../shared/schema';
import { remove, useCollection } from '../../db';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ShareButton } from '../sharing';
import { EmergencyAccessButton, EmergencyAccessLine } from '../emergency';
import { Card } from '../../ui/Card';
import { CardActions, CardGrid } from '../../ui/CardGrid';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { confirmThenRun, runAndClose } from '../../ui/record-actions';
import { useCreateDialog } from '../../ui/record-form';
import { TrusteeFormDialog } from './TrusteeFormDialog';
import { RestoreDeletedNotice } from '../../ui/RestoreDeletedNotice';
import { TrusteeKitsSection } from './kits/TrusteeKitsSection';

export interface TrusteesPageProps {
  openCreate?: boolean;
}

function TrusteeCard({ trustee, trusteeCount, onEdit, onRemove }: { trustee: Trustee; trusteeCount: number; onEdit: () => void; onRemove: () => void }) {
  return (
    <Card className="flex h-full flex-col">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-5 pb-3">
        <div className="min-w-0 max-w-full">
          <h2 className="text-lg break-words font-semibold text-slate-900">{trustee.name}</h2>
          {trustee.relationship && <p className="text-sm text-slate-600">{trustee.relationship}</p>}
        </div>
        <Badge color={ACCESS_LEVEL_COLORS[trustee.accessLevel]} className="shrink-0">
          {ACCESS_LEVEL_LABELS[trustee.accessLevel]}
        </Badge>
      </div>
      <dl className="flex flex-1 flex-col gap-1.5 px-5 pb-4 text-sm text-slate-700">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">Email</dt>
          <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <dd className="min-w-0 break-all">{trustee.email}</dd>
        </div>
        {trustee.phone && (
          <div className="flex items-center gap-2">
            <dt className="sr-only">Phone</dt>
            <Phone className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dd>{trustee.phone}</dd>
          </div>
        )}
        <div className="mt-1 text-slate-600">
          <dt className="sr-only">Added</dt>
          {/* The term already says "Added" to screen readers; the word is shown for the eye only. */}
          <dd>
            <span aria-hidden="true">Added </span>
            {formatLongDate(trustee.createdAt)}
          </dd>
        </div>
      </dl>
      <EmergencyAccessLine trustee={trustee} />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 px-3 py-1.5">
        <ShareButton item={{ kind: 'trustee', id: trustee.id }} title={trustee.name} />
        <EmergencyAccessButton trustee={trustee} trusteeCount={trusteeCount} />
        <CardActions itemName={`trustee ${trustee.name}`} onEdit={onEdit} onDelete={onRemove} deleteVerb="Remove" />
      </div>
    </Card>
  );
}

export default function TrusteesPage({ openCreate = false }: TrusteesPageProps) {
  const trustees = useCollection('trustees');
  const [addOpen, setAddOpen] = useCreateDialog(openCreate, '/trustees');
  const [editing, setEditing] = useState<Trustee | null>(null);

  const removeTrustee = (t: Trustee) =>
    confirmThenRun(
      { title: 'Remove trustee', description: 'Are you sure you want to remove this trustee?', confirmLabel: 'Remove' },
      () => remove('trustees', t.id),
      { success: { title: 'Trustee removed' }, failure: 'Failed to remove trustee' },
    );

  const addButton = (label: string) => (
    <Button variant="accent" onClick={() => setAddOpen(true)}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Trustees"
        subtitle="The people you trust to carry out your wishes."
        actions={addButton('Add Trustee')}
      />
      <RestoreDeletedNotice collection="trustees" />
      <CardGrid
        items={trustees}
        label="Trustees"
        getKey={(t) => t.id}
        empty={
          <EmptyState
            icon={<UsersRound />}
            title="No trustees added yet"
            description="Add someone you trust to report your passing and look after your plan, documents and messages."
            action={addButton('Add Your First Trustee')}
          />
        }
      >
        {(t) => <TrusteeCard trustee={t} trusteeCount={trustees?.length ?? 1} onEdit={() => setEditing(t)} onRemove={() => void removeTrustee(t)} />}
      </CardGrid>

      <TrusteeKitsSection />

      <section aria-labelledby="why-trustees" className="mt-8 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-5 text-blue-950">
        <Info className="mt-0.5 size-5 shrink-0 text-blue-800" aria-hidden="true" />
        <div>
          <h2 id="why-trustees" className="font-semibold">
            Why add trustees?
          </h2>
          <p className="mt-1 text-sm leading-relaxed">
            Trustees can report your passing, which starts the release of your plan. Once it is released, each trustee
            receives access by their level: Full Access covers your plan, documents, survivor tasks and the list of your
            messages; Documents Only covers your legal documents; Messages Only covers the list of your messages and
            their delivery. What you have sealed on your devices opens for them only with trustee kits (above): without
            enough kits, they cannot open it, and only your messages still reach the people they are for.
          </p>
        </div>
      </section>

      <TrusteeFormDialog
        mode="add"
        open={addOpen}
        onOpenChange={setAddOpen}
        onSave={(write) =>
          runAndClose(write, { success: { title: 'Trustee added' }, failure: 'Failed to add trustee' }, () => setAddOpen(false))
        }
      />
      {editing && (
        <TrusteeFormDialog
          key={editing.id}
          mode="edit"
          open
          onOpenChange={(open) => !open && setEditing(null)}
          trustee={editing}
          onSave={(write) =>
            runAndClose(
              write,
              { success: { title: 'Trustee updated' }, failure: 'Failed to update trustee' },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
