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

/** The prerendered fields by name, each taken once; null when no prerendered page was replaced. */
let kept: Map<string, Field> | null = null;
/** The prerendered field the person was in, if they had not left it before the new render. */
let focused: Field | null = null;

/** The text-like fields of `root`'s forms that have a name (not checkboxes, buttons or files). */
function typedFields(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('form input[name], form textarea[name]')].filter((f) => f instanceof HTMLTextAreaElement || /^(text|email|password|search|tel|url|number)$/.test(f.type));
}

/**
 * Keeps the named fields of `container`'s prerendered forms, and follows which one the person is
 * in, until React renders over them. Call it once, before rendering into `container` afresh.
 */
export function keepTypedFields(container: HTMLElement): void {
  const fields = typedFields(container);
  if (!fields.length) return;
  kept = new Map();
  for (const field of fields) if (!kept.has(field.name)) kept.set(field.name, field);
  const isKept = (el: EventTarget | null): el is Field => fields.includes(el as Field);
  if (isKept(document.activeElement)) focused = document.activeElement;
  container.addEventListener('focusin', (event) => {
    if (isKept(event.target)) focused = event.target;
  });
  container.addEventListener('focusout', (event) => {
    const left = event.target;
    // A field taken out of the page may say focusout too: only a field still in the page was left by the person.
    queueMicrotask(() => {
      if (focused && left === focused && focused.isConnected && document.activeElement !== focused) focused = null;
    });
  });
}

/**
 * When `field` (just attached by React) has the name of a prerendered field that was replaced,
 * gives it what was typed there (unless it has a value of its own, e.g. autofilled), and the focus
 * and caret if the person was there. Each prerendered field is carried once; does nothing otherwise.
 */
export function carryTyped(field: Field): void {
  const old = kept?.get(field.name);
  if (!old || old === field || old.isConnected) return; // hydrated, or not replaced (yet)
  kept!.delete(field.name);
  if (!kept!.size) kept = null;
  if (old.value && !field.value) field.value = old.value;
  const caret = [old.selectionStart, old.selectionEnd, old.selectionDirection ?? undefined] as const;
  old.value = ''; // what was typed (a password among it) is now in the new field only
  if (old !== focused) return;
  focused = null;
  field.focus();
  // An e-mail field has no caret to read or set (selectionStart is null there).
  if (caret[0] !== null && caret[1] !== null && field.selectionStart !== null) field.setSelectionRange(...caret);
}
