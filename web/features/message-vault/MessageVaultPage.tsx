/**
 * Message Vault (SPEC.md §2 "Message Vault", §4 "Message", §5, §8): messages for loved ones, kept
 * in the local store (create, edit and delete work offline and sync later). Tabs All Messages /
 * Scheduled / Delivered use shared/message-filters.ts. `openCreate`: the route is
 * /message-vault/new, so the create dialog opens at once.
 */
import { useState } from 'react';
import { Mail, Plus } from 'lucide-react';
import { filterMessages, MESSAGE_FILTER_LABELS, MESSAGE_FILTERS, type MessageFilter } from '../../../shared/message-filters';
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

export interface MessageVaultPageProps {
  openCreate?: boolean;
}

const EMPTY_DESCRIPTIONS: Record<MessageFilter, string> = {
  all: 'Your message vault is empty. Create messages for your loved ones to be delivered after your passing.',
  scheduled: 'No message is waiting for a delivery date.',
  delivered: 'No message has been delivered yet.',
};

export default function MessageVaultPage({ openCreate = false }: MessageVaultPageProps) {
  const messages = useCollection('messages');
  const refusedAddresses = useRefusedIds('messages', 'sealedRecipientEmail'); // copies the server left out or served older
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [createOpen, setCreateOpen] = useCreateDialog(openCreate, '/message-vault');
  const [editing, setEditing] = useState<Message | null>(null);

  const deleteMessage = (m: Message) =>
    confirmThenRun(
      {
        title: 'Delete message',
        description: 'Are you sure you want to delete this message? This action cannot be undone.',
        confirmLabel: 'Delete',
      },
      () => remove('messages', m.id),
      { success: { title: 'Message deleted', description: 'Your message has been removed from the vault.' }, failure: 'Failed to delete message' },
    );

  const newMessageButton = (label: string) => (
    <Button variant="accent" onClick={() => setCreateOpen(true)}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Message Vault"
        subtitle="Letters, recordings and videos for the people you love, delivered when the time comes."
        actions={newMessageButton('New Message')}
      />
      <RestoreDeletedNotice collection="messages" />
      <TabbedCardGrid
        items={messages}
        filters={MESSAGE_FILTERS}
        filterLabel={(f) => MESSAGE_FILTER_LABELS[f]}
        value={filter}
        onValueChange={setFilter}
        tabsLabel="Filter messages"
        select={filterMessages}
        listLabel={(f) => (f === 'all' ? 'Messages' : `${MESSAGE_FILTER_LABELS[f]} messages`)}
        getKey={(m) => m.id}
        empty={(f) => (
          <EmptyState
            icon={<Mail />}
            title="No messages found"
            description={messages?.length ? EMPTY_DESCRIPTIONS[f] : EMPTY_DESCRIPTIONS.all}
            action={messages?.length ? undefined : newMessageButton('Create Your First Message')}
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
            { success: { title: 'Message created', description: 'Your message has been saved to the vault.' }, failure: 'Failed to create message' },
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
              { success: { title: 'Message updated', description: 'Your message has been updated.' }, failure: 'Failed to update message' },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
