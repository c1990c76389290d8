/**
 * What the select's parts share (Select.tsx, its lazy Radix chunk SelectRadix.tsx and typeahead.ts):
 * the option and props types and the trigger's look. Kept apart from Select.tsx so the lazy chunk
 * and the typeahead do not import the module that loads them (no circle of imports, issue 42).
 */
import { cn } from './cn';
import { controlClasses } from './Input';

export interface SelectOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Form field name (a hidden native select is rendered for forms). */
  name?: string;
  required?: boolean;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  onBlur?: () => void;
}

/** The trigger's look, shared by the stand-in and Radix's trigger. */
export const selectTriggerClasses = cn(controlClasses, 'flex h-11 items-center justify-between gap-2 text-start data-[placeholder]:text-slate-500');
