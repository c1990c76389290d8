/**
 * What a person typed into a prerendered page's form before the app rendered it anew (issue 44,
 * session 25). A prerendered page (scripts/prerender.ts) is English; in another language, or when
 * the app starts with 'Loading...', web/main.tsx renders over it rather than hydrating it, and
 * React replaces its markup with fields of its own. The fields of the form it drew keep what was
 * typed into them until then (they are only taken out of the page, never emptied), so
 * `keepTypedFields(container)`, called before that render, keeps a reference to each named field of
 * the prerendered forms, and `carryTyped(field)` (web/forms/schema-form.ts, as each new field is
 * attached) puts its value into the new field of the same name, and the focus and caret when the
 * person was in it; the replaced field is emptied then. Values stay in the fields: nothing is written
 * anywhere else (a password among them).
 */

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What was kept of the prerendered forms until React's fields take it, or until it is forgotten. */
interface Kept {
  /** The prerendered fields by name (the first of each name; every one is emptied when forgotten). */
  byName: Map<string, Field>;
  all: Field[];
  /** The page they were typed on: a field of the same name on another page never takes their value. */
  path: string;
  /** The prerendered field the person was in, if they had not left it before the new render. */
  focused: Field | null;
  /** Removes the focus listeners. */
  unlisten: () => void;
}

/** The page's one set of kept fields (a page replaces its prerendered markup once); null when none or forgotten. */
let kept: Kept | null = null;

/** The text-like fields of `root`'s forms that have a name (not checkboxes, buttons or files). */
function typedFields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('form input[name], form textarea[name]')].filter((f) => f instanceof HTMLTextAreaElement || /^(text|email|password|search|tel|url|number)$/.test(f.type));
}

/**
 * Keeps the named fields of `container`'s prerendered forms, and follows which one the person is
 * in, until React renders over them. Call it once, before rendering into `container` afresh.
 * What is not carried is forgotten (`forgetTyped`) once the fields of the new form have taken theirs,
 * or when the page shown is another.
 */
export function keepTypedFields(container: HTMLElement): void {
  const all = typedFields(container);
  if (!all.length) return;
  const byName = new Map<string, Field>();
  for (const field of all) if (!byName.has(field.name)) byName.set(field.name, field);
  const isKept = (el: EventTarget | null): el is Field => all.includes(el as Field);
  const onFocusIn = (event: FocusEvent) => {
    if (kept && isKept(event.target)) kept.focused = event.target;
  };
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target;
    // A field taken out of the page may say focusout too: only a field still in the page was left by the person.
    queueMicrotask(() => {
      if (kept?.focused && left === kept.focused && kept.focused.isConnected && document.activeElement !== kept.focused) kept.focused = null;
    });
  };
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  kept = {
    byName,
    all,
    path: location.pathname,
    focused: isKept(document.activeElement) ? document.activeElement : null,
    unlisten: () => {
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
    },
  };
}

/**
 * Empties every kept prerendered field and lets go of them (a password typed there then lives
 * nowhere): called once the new form's fields have taken what was typed, when the page shown is
 * another, and when the person is signed in (web/main.tsx). Does nothing when nothing is kept.
 */
export function forgetTyped(): void {
  if (!kept) return;
  for (const field of kept.all) if (!field.isConnected) field.value = '';
  kept.unlisten();
  kept = null;
}

/**
 * When `field` (just attached by React) has the name of a prerendered field that was replaced, on
 * the page it was typed on, gives it what was typed there (unless it has a value of its own, e.g.
 * autofilled), and the focus and caret if the person was there. The fields of one form attach in
 * one commit: what none of them took is forgotten right after. Does nothing otherwise.
 */
export function carryTyped(field: Field): void {
  if (!kept) return;
  if (kept.path !== location.pathname) return forgetTyped(); // another page: its fields are not these
  const old = kept.byName.get(field.name);
  if (!old || old === field || old.isConnected) return; // hydrated, or not replaced (yet)
  kept.byName.delete(field.name);
  const now = kept;
  queueMicrotask(() => now === kept && forgetTyped()); // after this commit's other fields
  if (old.value && !field.value) field.value = old.value;
  const caret = [old.selectionStart, old.selectionEnd, old.selectionDirection ?? undefined] as const;
  old.value = ''; // what was typed (a password among it) is now in the new field only
  if (old !== kept.focused) return;
  kept.focused = null;
  field.focus();
  // An e-mail field has no caret to read or set (selectionStart is null there).
  if (caret[0] !== null && caret[1] !== null && field.selectionStart !== null) field.setSelectionRange(...caret);
}
