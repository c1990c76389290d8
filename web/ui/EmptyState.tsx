/** What a list shows when it has nothing yet: an icon, a title, a sentence and an action. */
import type { ReactNode } from 'react';
import { cn } from './cn';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center', className)}>
      {icon && <div className="mb-3 text-slate-500 [&_svg]:size-10" aria-hidden="true">{icon}</div>}
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 max-w-md text-slate-600">{description}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
