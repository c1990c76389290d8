/**
 * A single-choice select (Radix Select). Give it a label with <FormField> (which passes `id`,
 * so the <label htmlFor> names the trigger) or with `aria-label`.
 *
 * @example
 * <FormField label="Category" error={errors.category?.message}>
 *   <Select value={v} onValueChange={setV} placeholder="Select a category"
 *     options={[{ value: 'legal', label: 'Legal' }]} />
 * </FormField>
 * With react-hook-form, wrap it in a <Controller>.
 *
 * Loaded on first use (issue #20): until Radix Select (SelectRadix.tsx, a lazy chunk precached by the
 * PWA) is there, a stand-in of the same markup shows the value; the chunk loads when the pointer or
 * focus reaches any select, every select then becomes the Radix one (focus kept), and a press on
 * the stand-in (pointer down, click, Enter, Space, arrows) opens the list as soon as it is there.
 * Letters typed on the focused stand-in pick an option as Radix's closed trigger (and a native
 * select) would (`typeaheadMatch`), so a keypress made before the chunk arrives is not lost.
 * If the chunk cannot be fetched (a first visit gone offline before the app was cached), a press
 * gets the browser's own <select> with the same options, label and value: a choice can always be made.
 */
import { forwardRef, lazy, Suspense, useRef, useState, useSyncExternalStore } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { useT } from '../i18n/i18n';
import { selectTriggerClasses, type SelectProps } from './select-parts';
import { TYPEAHEAD_MS, typeaheadMatch } from './typeahead';
import { NativeSelect } from './NativeSelect';

export { selectTriggerClasses, type SelectOption, type SelectProps } from './select-parts';

const importRadix = () => import('./SelectRadix');
// Never rejects (a rejection would reach the route's error page): without the chunk, the native select.
const SelectRadix = lazy(() => importRadix().catch(() => ({ default: NativeSelect })));

/** Whether the Radix chunk has loaded (then every Select renders it), as a tiny external store. */
let radixLoaded = false;
const listeners = new Set<() => void>();
let loading: Promise<unknown> | null = null;
function loadRadix(): void {
  loading ??= importRadix().then(
    () => {
      radixLoaded = true;
      listeners.forEach((l) => l());
    },
    (err: unknown) => {
      loading = null; // try again on the next use
      console.error('Could not load the select', err);
    },
  );
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const useRadixLoaded = () => useSyncExternalStore(subscribe, () => radixLoaded, () => false);

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export const Select = forwardRef<HTMLButtonElement | null, SelectProps>(function Select(props, ref) {
  const loaded = useRadixLoaded();
  const { t } = useT();
  const [pressed, setPressed] = useState(false);
  const focused = useRef(false);
  const typed = useRef({ search: '', at: 0 });
  const { options, value, defaultValue, placeholder = t('select.placeholder'), disabled, required, className, onBlur, name: _name, onValueChange, ...aria } = props;
  const current = value === '' ? undefined : (value ?? defaultValue);
  const label = options.find((o) => o.value === current)?.label;
  const press = () => {
    setPressed(true);
    loadRadix();
  };
  const standIn = (
    <button
      ref={ref}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-required={required}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      disabled={disabled}
      data-disabled={disabled ? '' : undefined}
      data-placeholder={label === undefined ? '' : undefined}
      className={cn(selectTriggerClasses, className)}
      onPointerEnter={loadRadix}
      onFocus={() => {
        focused.current = true;
        loadRadix();
      }}
      onBlur={() => {
        focused.current = false;
        onBlur?.();
      }}
      // A press counts from pointerdown: the chunk may arrive (and replace this stand-in) before the click.
      onPointerDown={(e) => e.button === 0 && press()}
      onClick={press}
      onKeyDown={(e) => {
        const t = typed.current;
        const typing = t.search !== '' && e.timeStamp - t.at < TYPEAHEAD_MS;
        // A space while typing is part of the search (Radix's rule), otherwise it opens the list.
        if (e.key.length === 1 && (e.key !== ' ' || typing) && !e.ctrlKey && !e.metaKey && !e.altKey) {
          if (e.key === ' ') e.preventDefault();
          t.search = typing ? t.search + e.key : e.key;
          t.at = e.timeStamp;
          const next = typeaheadMatch(options, current, t.search);
          if (next) onValueChange?.(next.value);
          return;
        }
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        press();
      }}
      {...aria}
    >
      <span style={{ pointerEvents: 'none' }}>{label ?? placeholder}</span>
      <span aria-hidden="true">
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </span>
    </button>
  );
  if (!loaded && !pressed) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SelectRadix {...props} ref={ref} defaultOpen={pressed} focusOnMount={focused.current} />
    </Suspense>
  );
});

