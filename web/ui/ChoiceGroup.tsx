/**
 * A small segmented choice between two or three ways of doing one thing (issue #17: a file or a
 * link; record or attach): native radio buttons in a fieldset with a legend, so keyboards
 * (arrow keys) and screen readers get the radio group they expect.
 *
 * @example
 * <ChoiceGroup legend="Keep the document as" value={source} onValueChange={setSource}
 *   options={[{ value: 'file', label: 'A file' }, { value: 'link', label: 'A link' }]} />
 */
import { type ReactNode, useId } from 'react';
import { cn } from './cn';

export interface ChoiceGroupProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onValueChange: (value: T) => void;
  /** Words under the legend that the group is described by (aria-describedby). */
  description?: ReactNode;
  /** Shows the choice without letting it change (e.g. a form not in edit mode). */
  disabled?: boolean;
  className?: string;
}

export function ChoiceGroup<T extends string>({ legend, options, value, onValueChange, description, disabled, className }: ChoiceGroupProps<T>) {
  const name = useId();
  const describedBy = `${name}-description`;
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)} disabled={disabled} aria-describedby={description ? describedBy : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      {description && (
        <p id={describedBy} className="mb-1.5 text-sm break-words text-slate-600">
          {description}
        </p>
      )}
      <div className="flex flex-wrap gap-1 rounded-lg bg-stone-100 p-1">
        {options.map((o) => (
          <label key={o.value} className="relative flex-1">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onValueChange(o.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'flex min-h-10 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-medium text-slate-700 peer-disabled:cursor-default',
                'peer-checked:bg-white peer-checked:text-slate-900 peer-checked:shadow-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-accent-600',
              )}
            >
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
