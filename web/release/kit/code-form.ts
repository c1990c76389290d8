/**
 * The typed kit code (contract §4: "the code or the saved link's kit"), asked for only where a kit
 * must act: to confirm a death and to open what was left, never for the yearly check (issue
 * constraint "Kits pass through the operator's code"). A mistyped group is named, as the recovery
 * code's input names it (web/features/keys/RecoveryKitPage.tsx); a code of another kit is refused
 * here, in the browser, before anything is sent.
 */
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { h, say } from '../dom';
import type { KitInfo } from './api';
import { fitOf, misfitText, readTypedCode } from './steps';
import { kt } from './words';

let forms = 0;

/**
 * A form asking for the kit's code, with `extra` fields above its button (e.g. the confirmation's
 * tick box); `onKit` gets the verified kit when the button is pressed (its errors are shown by the
 * caller). `ready` may refuse the click before the code is read (false: it said why, by its field).
 * A wrong code is said under the field, which gets the focus (its description then reads the error).
 */
export function codeForm(o: {
  info: KitInfo;
  button: string;
  extra?: Node[];
  ready?: () => boolean;
  onKit: (kit: Kit, button: HTMLButtonElement) => Promise<void>;
}): HTMLFormElement {
  const id = `kit-code-${++forms}`;
  const input = h('textarea', {
    id,
    name: 'code',
    rows: '3',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    class: 'code-input',
    'aria-describedby': `${id}-hint`,
  });
  const error = h('p', { id: `${id}-error`, class: 'error field-error' });
  const button = h('button', { type: 'submit' }, o.button);
  const showError = (text: string) => {
    say('');
    error.textContent = text;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${id}-hint ${id}-error`);
    input.focus();
  };
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('label', { for: id }, kt('kit.code.label')),
    h('p', { id: `${id}-hint`, class: 'muted hint' }, kt('kit.code.hint')),
    input,
    error,
    ...(o.extra ?? []),
    h('p', {}, button),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void (async () => {
      error.textContent = '';
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', `${id}-hint`);
      const read = readTypedCode(input.value);
      if ('error' in read) return showError(read.error);
      const fit = await fitOf(o.info, read.kit);
      if (fit !== 'ok') return showError(misfitText(fit, 'code', o.info.ownerFirstName));
      if (o.ready && !o.ready()) return;
      await o.onKit(read.kit, button);
    })();
  });
  return form;
}

/**
 * What acts with the kit: with `kit` (the page's, verified), one button labelled `button`; without
 * one, the code form asking for it. `onKit` gets the kit and the button pressed.
 */
export function kitAction(o: { info: KitInfo; kit: Kit | null; button: string; onKit: (kit: Kit, button: HTMLButtonElement) => Promise<void> }): Node {
  const { kit } = o;
  if (!kit) return codeForm({ info: o.info, button: o.button, onKit: o.onKit });
  const go = h('button', { type: 'button' }, o.button);
  go.addEventListener('click', () => void o.onKit(kit, go));
  return h('p', {}, go);
}
