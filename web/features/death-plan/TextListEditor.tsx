/**
 * An editable list of short texts: the plan's music selections and readings (SPEC.md §2 "Music
 * and readings are added as text items; Enter also adds", §5 "blank or whitespace-only text is
 * ignored"). Each item has a remove button named for it.
 */
import { type KeyboardEvent, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

export interface TextListEditorProps {
  /** Label of the new-item input, e.g. 'Add a song or piece of music'. */
  inputLabel: string;
  /** Accessible name of the list, e.g. 'Music selections'. */
  listLabel: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  /** Shown when the list is empty. */
  emptyText: string;
}

export function TextListEditor({ inputLabel, listLabel, items, onChange, placeholder, emptyText }: TextListEditorProps) {
  const [text, setText] = useState('');
  const inputId = useId();

  const add = () => {
    const item = text.trim();
    if (!item) return;
    onChange([...items, item]);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>{inputLabel}</Label>
        <div className="flex gap-2">
          <Input id={inputId} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} placeholder={placeholder} />
          <Button variant="outline" onClick={add} className="shrink-0">
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-slate-600">{emptyText}</p>
      ) : (
        <ol aria-label={listLabel} className="flex flex-col divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {items.map((item, index) => (
            <li key={`${index}-${item}`} className="flex items-center justify-between gap-2 py-1 pr-1 pl-4">
              <span className="min-w-0 break-words text-slate-800">{item}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
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
