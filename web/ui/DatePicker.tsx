/**
 * A single-date picker: a button showing the chosen date (en-US long format, SPEC.md §9) that
 * opens a react-day-picker calendar in a Radix Popover. Keyboard: arrows move between days,
 * Enter picks, Escape closes. `value` is a Date or null; a Clear button sets null.
 * Takes id/aria props, so it works inside <FormField>.
 *
 * @example
 * <FormField label="Delivery Date"><DatePicker value={date} onChange={setDate} /></FormField>
 */
import { useState } from 'react';
import { Popover } from 'radix-ui';
import { DayPicker } from 'react-day-picker';
import { CalendarDays, X } from 'lucide-react';
import { cn } from './cn';
import { controlClasses } from './Input';
import { formatLongDate } from '../../shared/dates';

export interface DatePickerProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Earliest and latest months the calendar offers (year dropdown range). */
  startMonth?: Date;
  endMonth?: Date;
  /** Show month/year dropdowns (selects: a year is one choice, not twelve taps). */
  dropdowns?: boolean;
  /** Days before this one cannot be picked (e.g. today for a date still to come). */
  notBefore?: Date;
  id?: string;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}

const longDate = (d: Date) => formatLongDate(d); // SPEC.md §9

/**
 * A day button's name, holding the number it shows ("Sunday, November 1, 2026", not the default
 * "November 1st", which axe's label-content-name-mismatch refuses: WCAG 2.5.3 Label in Name).
 */
const labelDayButton = (date: Date, modifiers: { today?: boolean; selected?: boolean }) => {
  const label = date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return `${modifiers.today ? 'Today, ' : ''}${label}${modifiers.selected ? ', selected' : ''}`;
};

export function DatePicker({
  value,
  onChange,
  placeholder = 'Pick a date',
  disabled,
  startMonth,
  endMonth,
  dropdowns = false,
  notBefore,
  className,
  ...aria
}: DatePickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          disabled={disabled}
          className={cn(controlClasses, 'flex h-11 items-center gap-2 text-left', !value && 'text-slate-500')}
          {...aria}
        >
          <CalendarDays className="size-5 shrink-0 text-slate-600" aria-hidden="true" />
          <span className="truncate">{value ? longDate(value) : placeholder}</span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label="Choose a date"
            align="start"
            sideOffset={6}
            className="z-50 rounded-xl border border-stone-200 bg-white p-3 shadow-lg"
          >
            <DayPicker
              mode="single"
              autoFocus
              selected={value ?? undefined}
              defaultMonth={value ?? undefined}
              startMonth={startMonth}
              endMonth={endMonth}
              captionLayout={dropdowns ? 'dropdown' : 'label'}
              disabled={notBefore ? { before: notBefore } : undefined}
              labels={{ labelDayButton }}
              onSelect={(d) => {
                onChange(d ?? null);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {value && !disabled && (
        <button
          type="button"
          onClick={() => onChange(null)}
          className="rounded-md p-2 text-slate-600 hover:bg-stone-100 hover:text-slate-900"
          aria-label="Clear date"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
