/**
 * A progress bar with an accessible name: `<Progress value={50} label="Profile completion" />`.
 * `max` defaults to 100 (SPEC.md §9). The WAI-ARIA progressbar pattern (role, aria-valuemin/max/
 * now/text), without Radix: the landing page shows one and must stay small (issue #20).
 */
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
  const percent = Math.round((clamped / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={`${percent}%`}
      data-state={clamped >= max ? 'complete' : 'loading'}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-stone-200', className)}
    >
      <div
        className="h-full bg-slate-700 transition-transform duration-500"
        style={{ transform: `translateX(-${100 - (clamped / max) * 100}%)` }}
      />
    </div>
  );
}
