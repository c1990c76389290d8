/**
 * The note next to a field the person is editing that another device changed meanwhile (issue
 * #14): "Changed on another device: <their value>", with "Keep mine" and "Use theirs". Renders
 * nothing while there is no such conflict. Announced politely (role="status"); in a dialog, a note
 * that appears is scrolled into view once (at 390 px it may sit below the dialog's fold). Keep
 * mine / Use theirs remove the note, so focus moves to the field's control, not to <body>.
 */
import { useEffect, useId, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button } from '../ui/Button';
import type { RecordForm } from './use-record-form';
import { formatLongDate } from '../../shared/dates';

/** A form value as words: blank as '(empty)', lists joined, dates in en-US long form. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (value instanceof Date) return formatLongDate(value);
  if (Array.isArray(value)) return value.length ? value.map(describeValue).join(', ') : '(empty)';
  if (typeof value === 'object') {
    const parts = Object.values(value).filter((v) => v !== '' && v !== null && v !== undefined);
    return parts.length ? parts.map(describeValue).join(', ') : '(empty)';
  }
  return String(value);
}

export interface ChangedElsewhereProps<V extends FieldValues> {
  record: Pick<RecordForm<V, unknown>, 'conflicts' | 'keepMine' | 'takeTheirs'>;
  field: keyof V & string;
  /** Their value in words (e.g. a select's label); defaults to describeValue. */
  display?: (value: V[keyof V]) => string;
}

export function ChangedElsewhere<V extends FieldValues>({ record, field, display }: ChangedElsewhereProps<V>) {
  const id = useId();
  const conflict = record.conflicts.find((c) => c.field === field);
  const root = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const key = conflict ? JSON.stringify(conflict.theirs) ?? '' : null;
  useEffect(() => {
    if (key === null || shown.current === key) return;
    shown.current = key;
    const el = root.current;
    if (el?.closest('[role="dialog"]')) el.scrollIntoView({ block: 'nearest' });
  }, [key]);

  /** The control of the FormField this note sits in (its label's `for`). */
  const focusField = () => {
    const label = root.current?.parentElement?.querySelector('label');
    const control = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
    control?.focus();
  };
  const resolve = (how: (f: keyof V & string) => void) => {
    how(field);
    focusField();
  };

  return (
    <div ref={root} role="status" className="empty:hidden">
      {conflict && (
        <div className="mt-1 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p id={id} className="min-w-0 break-words">
            <span className="font-semibold">Changed on another device:</span>{' '}
            <span className="whitespace-pre-line">{display ? display(conflict.theirs) : describeValue(conflict.theirs)}</span>
          </p>
          <div className="flex shrink-0 gap-2">
            <Button size="sm" variant="outline" aria-describedby={id} onClick={() => resolve(record.keepMine)}>
              Keep mine
            </Button>
            <Button size="sm" variant="outline" aria-describedby={id} onClick={() => resolve(record.takeTheirs)}>
              Use theirs
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
