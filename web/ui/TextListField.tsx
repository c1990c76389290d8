/**
 * An editable list of short texts: an input with an Add button (Enter also adds, text trimmed,
 * blank ignored) and the items below, each removable by its index (SPEC.md §2 "Music and readings
 * are added as text items; Enter also adds", §5 task resources and steps). Used by the plan's music
 * and readings and by the survivor task form's resources and automation steps.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from './Button';
import { cn } from './cn';
import { Input } from './Input';
import { Label } from './Label';
import { addItem, removeItemAt } from './text-list';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from './signed-in-messages';

export interface TextListFieldProps {
  /** Label of the new-item input, e.g. 'Add a reading' or 'Resources'. */
  label: string;
  /** Accessible name of the list; defaults to `label`. */
  listLabel?: string;
  /** Names the Add button: 'Add {itemName}' (the shell catalog's list.addItem). */
  itemName?: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  /** Shown when the list is empty; nothing is shown when omitted. */
  emptyText?: string;
  /** Scroll the list past a maximum height (inside dialogs, SPEC.md §9). */
  scroll?: boolean;
}

export function TextListField({ label, listLabel, itemName, items, onChange, placeholder, emptyText, scroll }: TextListFieldProps) {
  useSignedInMessages();
  const { t } = useT();
  const [text, setText] = useState('');
  const inputId = useId();

  const add = () => {
    const next = addItem(items, text);
    if (next.length !== items.length) onChange(next);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault(); // Enter adds the item; it never submits the surrounding form
      add();
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input id={inputId} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={placeholder} />
        <Button variant="outline" onClick={add} className="shrink-0" aria-label={itemName ? t('list.addItem', { item: itemName }) : undefined}>
          <Plus aria-hidden="true" />
          {t('list.add')}
        </Button>
      </div>
      {items.length === 0 ? (
        emptyText && (
          <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-slate-600">{emptyText}</p>
        )
      ) : (
        <ol
          aria-label={listLabel ?? label}
          className={cn(
            'flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white',
            scroll && 'max-h-40 overflow-y-auto',
          )}
        >
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="flex items-start justify-between gap-2 py-1 pe-1 ps-4">
              <span className="min-w-0 py-2 break-words whitespace-pre-wrap text-slate-800">{item}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('list.remove', { item })}
                onClick={() => onChange(removeItemAt(items, index))}
                className="shrink-0"
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
