/**
 * Trustees (SPEC.md §2 "Trustees", §4, §5 "Add or edit trustee", §8): the people who can report
 * the person's passing and receive access by level, kept in the local store (add, edit and remove
 * work offline and sync later). `openCreate`: the route is /trustees/new, so 'Add Trustee' opens at once.
 */
import { useState } from 'react';
import { Info, Mail, Phone, Plus, UsersRound } from 'lucide-react';
import { ACCESS_LEVEL_COLORS } from '../../../shared/labels';
import { formatDate } from '../../../shared/intl-format';
import { type MessageId, useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { accessLevelId, useTrusteesMessages } from './messages';
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
  useTrusteesMessages();
  const { t, language } = useT();
  const name = trustee.name;
  return (
    <Card className="flex h-full flex-col">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-5 pb-3">
        <div className="min-w-0 max-w-full">
          <h2 className="text-lg break-words font-semibold text-slate-900">{trustee.name}</h2>
          {trustee.relationship && <p className="text-sm text-slate-600">{trustee.relationship}</p>}
        </div>
        <Badge color={ACCESS_LEVEL_COLORS[trustee.accessLevel]} className="shrink-0">
          {t(accessLevelId(trustee.accessLevel))}
        </Badge>
      </div>
      <dl className="flex flex-1 flex-col gap-1.5 px-5 pb-4 text-sm text-slate-700">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">{t('trustees.email')}</dt>
          <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <dd className="min-w-0 break-all">{trustee.email}</dd>
        </div>
        {trustee.phone && (
          <div className="flex items-center gap-2">
            <dt className="sr-only">{t('trustees.phone')}</dt>
            <Phone className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <dd>{trustee.phone}</dd>
          </div>
        )}
        <div className="mt-1 text-slate-600">
          <dt className="sr-only">{t('trustees.added')}</dt>
          {/* The term already says "Added" to screen readers; the word is shown for the eye only. */}
          <dd>
            <T id="trustees.addedOn" values={{ date: formatDate(trustee.createdAt, language) }} components={{ 0: <span aria-hidden="true" /> }} />
          </dd>
        </div>
      </dl>
      <EmergencyAccessLine trustee={trustee} />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 px-3 py-1.5">
        <ShareButton item={{ kind: 'trustee', id: trustee.id }} title={trustee.name} />
        <EmergencyAccessButton trustee={trustee} trusteeCount={trusteeCount} />
        <CardActions
          itemName={name}
          labels={{ edit: t('trustees.editLabel', { name }), delete: t('trustees.removeLabel', { name }) }}
          onEdit={onEdit}
          onDelete={onRemove}
        />
      </div>
    </Card>
  );
}

export default function TrusteesPage({ openCreate = false }: TrusteesPageProps) {
  useTrusteesMessages();
  const { t } = useT();
  const trustees = useCollection('trustees');
  const [addOpen, setAddOpen] = useCreateDialog(openCreate, '/trustees');
  const [editing, setEditing] = useState<Trustee | null>(null);

  const removeTrustee = (trustee: Trustee) =>
    confirmThenRun(
      { title: t('trustees.removeTitle'), description: t('trustees.removeConfirm'), confirmLabel: t('trustees.removeButton') },
      () => remove('trustees', trustee.id),
      { success: { title: t('trustees.removed') }, failure: t('trustees.removeFailed') },
    );

  const addButton = (label: MessageId) => (
    <Button variant="accent" onClick={() => setAddOpen(true)}>
      <Plus aria-hidden="true" />
      {t(label)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('trustees.title')}
        subtitle={t('trustees.subtitle')}
        actions={addButton('trustees.addButton')}
      />
      <RestoreDeletedNotice collection="trustees" />
      <CardGrid
        items={trustees}
        label={t('trustees.list')}
        getKey={(trustee) => trustee.id}
        empty={
          <EmptyState
            icon={<UsersRound />}
            title={t('trustees.emptyTitle')}
            description={t('trustees.emptyDescription')}
            action={addButton('trustees.addFirst')}
          />
        }
      >
        {(trustee) => (
          <TrusteeCard trustee={trustee} trusteeCount={trustees?.length ?? 1} onEdit={() => setEditing(trustee)} onRemove={() => void removeTrustee(trustee)} />
        )}
      </CardGrid>

      <TrusteeKitsSection />

      <section aria-labelledby="why-trustees" className="mt-8 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-5 text-blue-950">
        <Info className="mt-0.5 size-5 shrink-0 text-blue-800" aria-hidden="true" />
        <div>
          <h2 id="why-trustees" className="font-semibold">
            {t('trustees.whyTitle')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed">{t('trustees.whyBody')}</p>
        </div>
      </section>

      <TrusteeFormDialog
        mode="add"
        open={addOpen}
        onOpenChange={setAddOpen}
        onSave={(write) =>
          runAndClose(write, { success: { title: t('trustees.addedToast') }, failure: t('trustees.addFailed') }, () => setAddOpen(false))
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
              { success: { title: t('trustees.updated') }, failure: t('trustees.updateFailed') },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
