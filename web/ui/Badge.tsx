/**
 * A small coloured label (priority, access level, status). Colours pair a light background with
 * dark text for WCAG AA contrast (SPEC.md §9 priority and access-level colours).
 */
import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeColor = 'red' | 'orange' | 'yellow' | 'blue' | 'green' | 'purple' | 'gray';

const colors: Record<BadgeColor, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  green: 'bg-green-100 text-green-800 ring-green-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  gray: 'bg-stone-100 text-slate-700 ring-stone-200',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  color?: BadgeColor;
}

export function Badge({ color = 'gray', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', colors[color], className)}
      {...props}
    />
  );
}
