/**
 * Message Vault (SPEC.md §2 "Message Vault", §4 "Message", §5, §8): messages for loved ones, kept
 * in the local store (create, edit and delete work offline and sync later). Tabs All Messages /
 * Scheduled / Delivered use shared/message-filters.ts. `openCreate`: the route is
 * /message-vault/new, so the create dialog opens at once.
 */
import { useState } from 'react';
import { Mail, Plus } from 'lucide-react';
import { filterMessages, MESSAGE_FILTERS, type MessageFilter } from '../../../shared/message-filters';
import type { Message } from '../../../shared/schema';
import { remove, useCollection, useRefusedIds } from '../../db';
import { Button } from '../../ui/Button';
import { TabbedCardGrid } from '../../ui/CardGrid';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { confirmThenRun, runAndClose } from '../../ui/record-actions';
import { useCreateDialog } from '../../ui/record-form';
import { MessageCard } from './MessageCard';
import { MessageFormDialog } from './MessageFormDialog';
import { RestoreDeletedNotice } from '../../ui/RestoreDeletedNotice';
import { type MessageId, useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';

export interface MessageVaultPageProps {
  openCreate?: boolean;
}

/** A tab's label, and what its empty state says (message ids of the 'message-vault' catalog). */
const filterLabelId = (f: MessageFilter): MessageId => `messages.filter.${f}`;
const emptyId = (f: MessageFilter): MessageId => `messages.empty.${f}`;

export default function MessageVaultPage({ openCreate = false }: MessageVaultPageProps) {
  useMessageVaultMessages();
  const { t } = useT();
  const messages = useCollection('messages');
  const refusedAddresses = useRefusedIds('messages', 'sealedRecipientEmail'); // copies the server left out or served older
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [createOpen, setCreateOpen] = useCreateDialog(openCreate, '/message-vault');
  const [editing, setEditing] = useState<Message | null>(null);

  const deleteMessage = (m: Message) =>
    confirmThenRun(
      {
        title: t('messages.deleteTitle'),
        description: t('messages.deleteConfirm'),
        confirmLabel: t('messages.deleteButton'),
      },
      () => remove('messages', m.id),
      { success: { title: t('messages.deleted'), description: t('messages.deletedDescription') }, failure: t('messages.deleteFailed') },
    );

  const newMessageButton = (label: MessageId) => (
    <Button variant="accent" onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden="true" />
      {t(label)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('messages.title')}
        subtitle={t('messages.subtitle')}
        actions={newMessageButton('messages.newButton')}
      />
      <RestoreDeletedNotice collection="messages" />
      <TabbedCardGrid
        items={messages}
        filters={MESSAGE_FILTERS}
        filterLabel={(f) => t(filterLabelId(f))}
        value={filter}
        onValueChange={setFilter}
        tabsLabel={t('messages.tabsLabel')}
        select={filterMessages}
        listLabel={(f) => t(f === 'all' ? 'messages.list' : `messages.listOf.${f}`)}
        getKey={(m) => m.id}
        empty={(f) => (
          <EmptyState
            icon={<Mail />}
            title={t('messages.emptyTitle')}
            description={t(emptyId(messages?.length ? f : 'all'))}
            action={messages?.length ? undefined : newMessageButton('messages.createFirst')}
          />
        )}
      >
        {(m) => <MessageCard message={m} addressRefused={refusedAddresses.has(m.id)} onEdit={() => setEditing(m)} onDelete={() => void deleteMessage(m)} />}
      </TabbedCardGrid>

      <MessageFormDialog
        mode="create"
        open={createOpen}
        onOpenChange={setCreateOpen}
        onSave={(write) =>
          runAndClose(
            write,
            { success: { title: t('messages.created'), description: t('messages.createdDescription') }, failure: t('messages.createFailed') },
            () => setCreateOpen(false),
          )
        }
      />
      {editing && (
        <MessageFormDialog
          key={editing.id}
          mode="edit"
          open
          onOpenChange={(open) => !open && setEditing(null)}
          message={editing}
          onSave={(write) =>
            runAndClose(
              write,
              { success: { title: t('messages.updated'), description: t('messages.updatedDescription') }, failure: t('messages.updateFailed') },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
