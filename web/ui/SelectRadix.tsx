/**
 * The Radix implementation of <Select> (Select.tsx): a lazy chunk (Radix Select with its popper,
 * focus trap and scroll lock, ~30 KB gzip), loaded when a select is first reached for (issue #20).
 *
 * Its list stays open through a resize of the window: Radix closes it on every `resize`
 * (radix-ui/primitives#2634), and on an Android phone the keyboard going away as the person taps
 * the select (after typing in another field) resizes the window, so the list closed under their
 * finger. Escape, a choice, a tap outside and the window losing focus still close it.
 */
import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { Select as RadixSelect } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { t } from '../i18n/i18n';
import { selectTriggerClasses, type SelectProps } from './select-parts';

/** `defaultOpen`: the person pressed the stand-in trigger; `focusOnMount`: the stand-in had focus. */
export interface SelectRadixProps extends SelectProps {
  defaultOpen?: boolean;
  focusOnMount?: boolean;
}

const SelectRadix = forwardRef<HTMLButtonElement | null, SelectRadixProps>(function SelectRadix(
  { options, value, defaultValue, onValueChange, placeholder = t('select.placeholder'), disabled, name, required, className, onBlur, defaultOpen, focusOnMount, ...aria },
  ref,
) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(defaultOpen ?? false);
  const resizing = useKeepOpenThroughResize(open);
  useImperativeHandle(ref, () => trigger.current as HTMLButtonElement);
  useLayoutEffect(() => {
    if (focusOnMount && !defaultOpen) trigger.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as it replaces the stand-in
  return (
    <RadixSelect.Root
      open={open}
      onOpenChange={(next) => (next || !resizing.current) && setOpen(next)}
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

/**
 * While `open`, whether the window's `resize` event is being handled (true from its capture phase,
 * which runs before Radix's listener on the window, until the next task): a close asked for then
 * is the resize's, not the person's.
 */
function useKeepOpenThroughResize(open: boolean) {
  const resizing = useRef(false);
  useEffect(() => {
    if (!open) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mark = () => {
      resizing.current = true;
      clearTimeout(timer);
      timer = setTimeout(() => (resizing.current = false), 0);
    };
    window.addEventListener('resize', mark, { capture: true });
    return () => {
      window.removeEventListener('resize', mark, { capture: true });
      clearTimeout(timer);
      resizing.current = false;
    };
  }, [open]);
  return resizing;
}

export default SelectRadix;
