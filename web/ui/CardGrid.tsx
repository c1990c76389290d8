/**
 * The list of a record screen (SPEC.md §2, §9 "Card grids: 1 column, 2 at medium width, 3 at
 * large width"): a spinner while `items` is undefined (still loading), the empty state when there
 * are none, otherwise a list of cards. <CardActions> gives a card its edit and delete buttons,
 * named for the record so screen readers can tell them apart. <TabbedCardGrid> adds filter tabs.
 *
 * @example
 * <CardGrid items={messages} label="Messages" empty={<EmptyState … />} getKey={(m) => m.id}>
 *   {(m) => <Card>…<CardActions itemName={`message to ${m.recipientName}`} onEdit={…} onDelete={…} /></Card>}
 * </CardGrid>
 */
import type { ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './Button';
import { cn } from './cn';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from './signed-in-messages';
import { Spinner } from './Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

export interface CardGridProps<T> {
  /** undefined while loading. */
  items: readonly T[] | undefined;
  /** Accessible name of the list, e.g. 'Messages'. */
  label: string;
  /** What to show when `items` is empty. */
  empty: ReactNode;
  getKey: (item: T) => string;
  children: (item: T) => ReactNode;
  className?: string;
}

export const cardGridClasses = 'grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3';

export function CardGrid<T>({ items, label, empty, getKey, children, className }: CardGridProps<T>) {
  if (items === undefined) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={`Loading ${label.toLowerCase()}...`} className="[&_svg]:size-8" />
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className={cn(cardGridClasses, className)}>
      {items.map((item) => (
        <li key={getKey(item)} className="flex min-w-0 [&>*]:w-full">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

export interface CardActionsProps {
  /** Completes the button names: 'Edit {itemName}', 'Delete {itemName}' (the shell catalog's card.*, in the language shown). */
  itemName: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Verb of the delete button (default 'Delete'; trustees use 'Remove'). */
  deleteVerb?: 'Delete' | 'Remove';
  /** The buttons' whole names in the person's language (a translated screen, issue 44); `itemName` and `deleteVerb` are then unused. */
  labels?: { edit: string; delete: string };
}

/** Edit and delete icon buttons with accessible names that include the record. */
export function CardActions({ itemName, onEdit, onDelete, deleteVerb = 'Delete', labels }: CardActionsProps) {
  useSignedInMessages();
  const { t } = useT();
  const editLabel = labels?.edit ?? t('card.edit', { item: itemName });
  const deleteLabel = labels?.delete ?? t(deleteVerb === 'Remove' ? 'card.remove' : 'card.delete', { item: itemName });
  return (
    <div className="flex shrink-0 items-center gap-1">
      {onEdit && (
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={editLabel} title={editLabel}>
          <Pencil aria-hidden="true" />
        </Button>
      )}
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          onClick={onDelete}
          aria-label={deleteLabel}
          title={deleteLabel}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}

export interface TabbedCardGridProps<T, F extends string> extends Omit<CardGridProps<T>, 'items' | 'label' | 'empty'> {
  /** undefined while loading. */
  items: readonly T[] | undefined;
  /** The tabs, in order, and their labels. */
  filters: readonly F[];
  filterLabel: (filter: F) => string;
  value: F;
  onValueChange: (filter: F) => void;
  /** Accessible name of the tab list, e.g. 'Filter messages'. */
  tabsLabel: string;
  /** The items shown under `filter` (a pure function, e.g. shared/message-filters.ts). */
  select: (items: readonly T[], filter: F) => readonly T[];
  /** Accessible name of the list under `filter`. */
  listLabel: (filter: F) => string;
  empty: (filter: F) => ReactNode;
}

/** Filter tabs over a CardGrid (Message Vault's All/Scheduled/Delivered, Documents' types). */
export function TabbedCardGrid<T, F extends string>({
  items,
  filters,
  filterLabel,
  value,
  onValueChange,
  tabsLabel,
  select,
  listLabel,
  empty,
  ...grid
}: TabbedCardGridProps<T, F>) {
  return (
    <Tabs value={value} onValueChange={(v) => onValueChange(v as F)}>
      <TabsList aria-label={tabsLabel} className="sm:inline-flex">
        {filters.map((f) => (
          <TabsTrigger key={f} value={f}>
            {filterLabel(f)}
          </TabsTrigger>
        ))}
      </TabsList>
      {filters.map((f) => (
        <TabsContent key={f} value={f}>
          <CardGrid {...grid} items={items && select(items, f)} label={listLabel(f)} empty={empty(f)} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
