/**
 * A file being fetched and opened (use-file-opener.ts): its progress bar, named `label`, and the
 * percentage beside it. `progress` is 0..1; `className` adds to the row's layout.
 */
import { cn } from './cn';
import { Progress } from './Progress';

export function FileProgress({ progress, label, className }: { progress: number; label: string; className?: string }) {
  const percent = Math.round(progress * 100);
  return (
    <div className={cn('flex items-center gap-2 text-sm text-slate-700', className)}>
      <Progress value={percent} label={label} className="flex-1" />
      <span className="w-10 shrink-0 text-end tabular-nums">{percent}%</span>
    </div>
  );
}
