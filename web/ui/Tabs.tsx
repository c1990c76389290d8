/**
 * Tabs with our look, following the WAI-ARIA tabs pattern (tablist, tab, tabpanel; roving
 * tabindex; Left/Right, Home/End move and select, as Radix's automatic activation did). Own code
 * rather than Radix Tabs: the landing page shows tabs and must stay small (issue #20); the API is
 * the one Radix offered here (value / defaultValue / onValueChange, data-state on triggers and
 * panels). The trigger list wraps on narrow screens; a trigger can show a count badge.
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
import {
  type ComponentPropsWithoutRef,
  createContext,
  forwardRef,
  type KeyboardEvent,
  useContext,
  useId,
  useState,
} from 'react';
import { cn } from './cn';

interface TabsState {
  value: string;
  select: (value: string) => void;
  /** Prefix of the ids linking each tab to its panel. */
  base: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const idFor = (base: string, part: 'trigger' | 'content', value: string) => `${base}-${part}-${value.replace(/\s+/g, '-')}`;

export interface TabsProps extends Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export const Tabs = forwardRef<HTMLDivElement, TabsProps>(function Tabs({ value, defaultValue, onValueChange, children, ...props }, ref) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const base = useId();
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, select, base }}>
      <div ref={ref} data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
});

/** Moves focus (and so the selection) among the list's tabs with the arrow keys, Home and End. */
function onListKeyDown(e: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length]!;
  tab.focus();
  tab.click();
}

export const TabsList = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<'div'>>(function TabsList({ className, onKeyDown, ...props }, ref) {
  return (
    <div
      ref={ref}
      role="tablist"
      aria-orientation="horizontal"
      className={cn('flex flex-wrap gap-1 rounded-xl border border-stone-200 bg-stone-100 p-1', className)}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (!e.defaultPrevented) onListKeyDown(e);
      }}
      {...props}
    />
  );
});

export interface TabsTriggerProps extends ComponentPropsWithoutRef<'button'> {
  value: string;
  /** A number shown in a small badge after the label. */
  count?: number;
}

export const TabsTrigger = forwardRef<HTMLButtonElement, TabsTriggerProps>(function TabsTrigger(
  { className, count, children, value, onClick, ...props },
  ref,
) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <button
      ref={ref}
      type="button"
      role="tab"
      id={idFor(tabs.base, 'trigger', value)}
      aria-selected={active}
      aria-controls={idFor(tabs.base, 'content', value)}
      tabIndex={active ? 0 : -1}
      data-state={active ? 'active' : 'inactive'}
      className={cn(
        'inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 disabled:cursor-wait disabled:opacity-60',
        'hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      onClick={(e) => {
        onClick?.(e);
        if (!e.defaultPrevented) tabs.select(value);
      }}
      {...props}
    >
      {children}
      {count !== undefined && (
        <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-slate-800">{count}</span>
      )}
    </button>
  );
});

export interface TabsContentProps extends ComponentPropsWithoutRef<'div'> {
  value: string;
}

/** The panel of `value`: its children only while it is selected (an empty hidden panel otherwise). */
export const TabsContent = forwardRef<HTMLDivElement, TabsContentProps>(function TabsContent({ className, value, children, ...props }, ref) {
  const tabs = useTabs();
  const active = tabs.value === value;
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={idFor(tabs.base, 'content', value)}
      aria-labelledby={idFor(tabs.base, 'trigger', value)}
      tabIndex={0}
      hidden={!active}
      data-state={active ? 'active' : 'inactive'}
      className={cn('mt-4 focus-visible:outline-none', className)}
      {...props}
    >
      {active && children}
    </div>
  );
});
