/**
 * A progress bar (Radix Progress) with an accessible name: `<Progress value={50} label="Profile completion" />`.
 * `max` defaults to 100 (SPEC.md §9).
 */
import { Progress as RadixProgress } from 'radix-ui';
import { cn } from './cn';

export interface ProgressProps {
  value: number;
  max?: number;
  /** Accessible name of the bar. */
  label: string;
  className?: string;
}

export function Progress({ value, max = 100, label, className }: ProgressProps) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <RadixProgress.Root
      value={clamped}
      max={max}
      aria-label={label}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <RadixProgress.Indicator
        className="h-full bg-slate-700 transition-transform duration-500"
        style={{ transform: `translateX(-${100 - (clamped / max) * 100}%)` }}
      />
    </RadixProgress.Root>
  );
}
