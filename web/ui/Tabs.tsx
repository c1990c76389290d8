/**
 * Tabs (Radix Tabs) with our look. The trigger list wraps on narrow screens; a trigger can show
 * a count badge.
 *
 * @example
 * <Tabs defaultValue="all">
 *   <TabsList aria-label="Messages">
 *     <TabsTrigger value="all" count={12}>All</TabsTrigger>
 *     <TabsTrigger value="draft">Drafts</TabsTrigger>
 *   </TabsList>
 *   <TabsContent value="all">…</TabsContent>
 * </Tabs>
 */
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import { cn } from './cn';

export const Tabs = RadixTabs.Root;

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.List>>(function TabsList(
  { className, ...props },
  ref,
) {
  return (
    <RadixTabs.List
      ref={ref}
      className={cn('flex flex-wrap gap-1 rounded-xl border border-stone-200 bg-stone-100 p-1', className)}
      {...props}
    />
  );
});

export interface TabsTriggerProps extends ComponentPropsWithoutRef<typeof RadixTabs.Trigger> {
  /** A number shown in a small badge after the label. */
  count?: number;
}

export const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(
  { className, count, children, ...props },
  ref,
) {
  return (
    <RadixTabs.Trigger
      ref={ref}
      className={cn(
        'inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700',
        'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    >
      {children}
      {count !== undefined && (
        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{count}</span>
      )}
    </RadixTabs.Trigger>
  );
});

export const TabsContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixTabs.Content>>(
  function TabsContent({ className, ...props }, ref) {
    return <RadixTabs.Content ref={ref} className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
  },
);
