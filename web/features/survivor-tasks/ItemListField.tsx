/**
 * Resources and automation steps in the task form (SPEC.md §5): an input with an Add button
 * (Enter also adds; text trimmed, blank ignored), and the items below, each removable by its
 * index. The list scrolls past a maximum height so a long list never pushes the dialog's
 * buttons away.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { addItem, removeItemAt } from './task-form';

export interface ItemListFieldProps {
  /** Field label, e.g. 'Resources'. */
  label: string;
  /** Input placeholder, e.g. 'e.g. Death certificate'. */
  placeholder: string;
  /** Names the Add button ('Add resource') and each remove button ('Remove resource 2'). */
  itemName: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
}

export function ItemListField({ label, placeholder, itemName, items, onChange }: ItemListFieldProps) {
  const [text, setText] = useState('');
  const inputId = useId();

  const add = () => {
    const next = addItem(items, text);
    if (next.length !== items.length) onChange(next);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault(); // Enter adds the item; it never submits the form
      add();
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input id={inputId} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={placeholder} />
        <Button variant="outline" onClick={add} className="shrink-0" aria-label={`Add ${itemName}`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      {items.length > 0 && (
        <ul aria-label={label} className="max-h-40 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50">
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="flex items-start justify-between gap-2 border-b border-stone-200 py-1 pr-1 pl-3 last:border-b-0">
              <span className="min-w-0 py-2 text-sm break-words whitespace-pre-wrap text-slate-800">{item}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${itemName} ${index + 1}`}
                onClick={() => onChange(removeItemAt(items, index))}
                className="shrink-0"
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
