/**
 * A labelled form control with its hint and error text, wired for screen readers: the control
 * gets `id`, `aria-describedby` (hint + error) and `aria-invalid` when there is an error.
 *
 * @example
 * <FormField label="Email" error={errors.email?.message}>
 *   <Input type="email" {...register('email')} />
 * </FormField>
 * Works the same around <Textarea>, <Select> and <DatePicker> (they accept id/aria props).
 */
import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from './cn';
import { Label } from './Label';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The one control; it receives id and aria attributes. */
  children: ReactElement<ControlProps>;
  /** Error text shown under the control (e.g. a zod message). */
  error?: string;
  /** Helper text under the label. */
  hint?: ReactNode;
  /** Shown under the control and its error, e.g. a ChangedElsewhere note (web/forms). */
  notice?: ReactNode;
  /** Marks the field as required (visually and with aria-required). */
  required?: boolean;
  id?: string;
  className?: string;
}

export function FormField({ label, children, error, hint, notice, required, id, className }: FormFieldProps) {
  const autoId = useId();
  const controlId = id ?? children.props.id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {required && (
          <span className="ms-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        ...(required ? { 'aria-required': true } : {}),
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {notice}
    </div>
  );
}
