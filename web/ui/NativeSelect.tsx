/**
 * The browser's own <select> with a Select's options, label and value (web/ui/Select.tsx): what a
 * press gets when Radix's chunk cannot be fetched, and what the language field (web/app/LanguageField.tsx)
 * shows when the Select's own chunk cannot be: a choice can always be made. Takes SelectProps (and
 * ignores Radix's defaultOpen/focusOnMount); forwards the ref to the <select>.
 */
import { forwardRef } from 'react';
import { useT } from '../i18n/i18n';
import { cn } from './cn';
import { selectTriggerClasses, type SelectProps } from './select-parts';

export const NativeSelect = forwardRef<HTMLButtonElement | null, SelectProps & { defaultOpen?: boolean; focusOnMount?: boolean }>(function NativeSelect(props, ref) {
  const { t } = useT();
  const { defaultOpen: _open, focusOnMount: _focus, options, value, defaultValue, placeholder = t('select.placeholder'), disabled, required, className, onBlur, name, onValueChange, ...aria } = props;
  return (
    <select
      ref={ref as unknown as React.Ref<HTMLSelectElement>}
      name={name}
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? '') : undefined}
      disabled={disabled}
      required={required}
      className={cn(selectTriggerClasses, className)}
      onChange={(e) => onValueChange?.(e.target.value)}
      onBlur={onBlur}
      {...aria}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </option>
      ))}
    </select>
  );
});
