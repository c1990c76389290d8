/**
 * The look of the app's buttons (variants and sizes), apart from the <Button> component (web/ui/Button.tsx)
 * so that a page which only styles a link as a button (the top bar, the landing page) does not load
 * the component and Radix's Slot with every page's first chunk (issue 41).
 */
import { cn } from './cn';

export type ButtonVariant = 'default' | 'accent' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  default: 'bg-slate-800 text-white hover:bg-slate-700 shadow-sm',
  accent: 'bg-accent-700 text-white hover:bg-accent-800 shadow-sm',
  outline: 'border border-stone-300 bg-white text-slate-800 hover:bg-stone-100',
  ghost: 'text-slate-700 hover:bg-stone-100 hover:text-slate-900',
  destructive: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-4 text-base',
  lg: 'h-12 px-6 text-base',
  icon: 'h-11 w-11',
};

/** The class string of a button, for the rare element that can't be a <Button>. */
export function buttonClasses(variant: ButtonVariant = 'default', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
    'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-5 [&_svg]:shrink-0',
    variants[variant],
    sizes[size],
    className,
  );
}
