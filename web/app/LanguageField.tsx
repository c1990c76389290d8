/**
 * The language select (issue 44): a labelled select of the languages Afterword speaks, each named
 * in itself, on the sign-in and sign-up pages and in Settings. A choice shows at once and is saved
 * (web/app/account-language.ts, loaded on the first choice); when the account cannot take it yet
 * (offline), a toast and the hint say it is kept on this device until then; when the server refuses
 * it, a toast says so and the field shows the account's saved language again; when the language's
 * words cannot be fetched, a toast says so and nothing changes.
 *
 * The select's code (web/ui/Select.tsx) is fetched when the pointer or focus reaches the field, not
 * with the page (issue 41: the sign-in pages ≤ 100 KB): until then a stand-in of the same look names
 * the language shown; a press or a focus on it is handed on to the select once it is there. Both
 * chunks are precached, so this works offline; if the select's chunk cannot be fetched, the
 * browser's own select takes its place (web/ui/NativeSelect.tsx).
 */
import { lazy, startTransition, Suspense, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/languages';
import { useT } from '../i18n/i18n';
import { FormField } from '../ui/FormField';
import { NativeSelect } from '../ui/NativeSelect';
import { selectTriggerClasses, type SelectProps } from '../ui/select-parts';
import { toast } from '../ui/toast-store';

const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));
const Select = lazy(() => import('../ui/Select').then((m) => ({ default: m.Select }), () => ({ default: NativeSelect })));
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** `hint`: shown under the label (Settings says what the language is for); `className` for the field's box. */
export function LanguageField({ hint, className }: { hint?: boolean; className?: string }) {
  const { t, language } = useT();
  const [waiting, setWaiting] = useState(false);
  const choose = async (value: string) => {
    if (!isLanguage(value)) return;
    try {
      // Fetched on a choice (precached, so offline too), not with the sign-in page (issue 41: ≤ 100 KB).
      const { chooseLanguage } = await import('./account-language');
      setWaiting((await chooseLanguage(value)) === 'later');
    } catch {
      toast({ title: t('language.unavailable'), variant: 'destructive' });
    }
  };
  const hintText = [hint ? t('language.description') : null, waiting ? t('language.savedLater') : null].filter(Boolean).join(' ');
  return (
    <FormField label={t('language.label')} hint={hintText || undefined} className={className}>
      <LazySelect value={isLanguage(language) ? language : undefined} onValueChange={(v) => void choose(v)} options={OPTIONS} />
    </FormField>
  );
}

/** The Select, its code fetched on first use; until then a stand-in (same look, the value's name). */
function LazySelect(props: SelectProps) {
  const [wanted, setWanted] = useState(false);
  const handOn = useRef({ focus: false, press: false, done: false });
  const { options, value, onValueChange: _change, ...aria } = props;
  // A transition: the stand-in (and its focus) stays on screen while the code is fetched.
  const want = () => startTransition(() => setWanted(true));
  const press = () => {
    handOn.current.press = true;
    want();
  };
  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      dir="ltr"
      data-state="closed"
      className={selectTriggerClasses}
      onPointerEnter={want}
      onFocus={() => {
        handOn.current.focus = true;
        want();
      }}
      onBlur={(e) => e.currentTarget.isConnected && (handOn.current.focus = false)}
      onPointerDown={(e) => e.button === 0 && press()}
      onClick={press}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        press();
      }}
      {...aria}
    >
      <span style={{ pointerEvents: 'none' }}>{options.find((o) => o.value === value)?.label}</span>
      <span aria-hidden="true">
        <ChevronDown className="size-4 text-slate-600" aria-hidden="true" />
      </span>
    </button>
  );
  // Once the select is there, it takes the stand-in's focus and its press (which opens the list).
  const takeOver = (el: HTMLElement | null) => {
    const h = handOn.current;
    if (!el || h.done) return;
    h.done = true;
    if (h.focus || h.press) el.focus();
    if (h.press) el.click();
  };
  return <Suspense fallback={standIn}>{wanted ? <Select {...props} ref={takeOver} /> : standIn}</Suspense>;
}
