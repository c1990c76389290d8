/** A loading indicator with an accessible label (role="status"): `<Spinner label="Loading..." />`. */
import { Loader2 } from 'lucide-react';
import { cn } from './cn';

export interface SpinnerProps {
  /** Read by screen readers; shown beside the icon when `showLabel` is true. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}
