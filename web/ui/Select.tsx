/**
 * A single-choice select (Radix Select). Give it a label with <FormField> (which passes `id`,
 * so the <label htmlFor> names the trigger) or with `aria-label`.
 *
 * @example
 * <FormField label="Category" error={errors.category?.message}>
 *   <Select value={v} onValueChange={setV} placeholder="Select a category"
 *     options={[{ value: 'legal', label: 'Legal' }]} />
 * </FormField>
 * With react-hook-form, wrap it in a <Controller>.
 */
import { forwardRef } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
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

export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  { options, value, defaultValue, onValueChange, placeholder = 'Select…', disabled, name, required, className, onBlur, ...aria },
  ref,
) {
  return (
    <RadixSelect.Root
      value={value === '' ? undefined : value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      required={required}
    >
      <RadixSelect.Trigger
        ref={ref}
        onBlur={onBlur}
        className={cn(controlClasses, 'flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-slate-500', className)}
        {...aria}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="relative flex cursor-default items-start rounded-md py-2 pr-3 pl-8 text-base text-slate-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-stone-100"
              >
                <RadixSelect.ItemIndicator className="absolute top-2.5 left-2">
                  <Check className="size-4" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
                <div className="flex flex-col">
                  <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                  {o.description && <span className="text-sm text-slate-600">{o.description}</span>}
                </div>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
});
