/**
 * The Radix implementation of <Select> (Select.tsx): a lazy chunk (Radix Select with its popper,
 * focus trap and scroll lock, ~30 KB gzip), loaded when a select is first reached for (issue #20).
 */
import { forwardRef, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { selectTriggerClasses, type SelectProps } from './select-parts';

/** `defaultOpen`: the person pressed the stand-in trigger; `focusOnMount`: the stand-in had focus. */
export interface SelectRadixProps extends SelectProps {
  defaultOpen?: boolean;
  focusOnMount?: boolean;
}

const SelectRadix = forwardRef<HTMLButtonElement | null, SelectRadixProps>(function SelectRadix(
  { options, value, defaultValue, onValueChange, placeholder = 'Select…', disabled, name, required, className, onBlur, defaultOpen, focusOnMount, ...aria },
  ref,
) {
  const trigger = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => trigger.current as HTMLButtonElement);
  useLayoutEffect(() => {
    if (focusOnMount && !defaultOpen) trigger.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as it replaces the stand-in
  return (
    <RadixSelect.Root
      defaultOpen={defaultOpen}
      value={value === '' ? undefined : value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      disabled={disabled}
      name={name}
      required={required}
    >
      <RadixSelect.Trigger ref={trigger} onBlur={onBlur} className={cn(selectTriggerClasses, className)}
        {...aria}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="item-aligned"
          className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-stone-200 bg-white shadow-lg"
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

export default SelectRadix;
