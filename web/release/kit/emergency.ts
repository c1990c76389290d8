/**
 * "Ask for emergency access" on the trustee's kit page (docs/sharing.md "Emergency access"; issue
 * 43): a section under a handed-over kit's steps (kit-good, check) that reads the trustee's standing
 * (`GET /api/kit/:token/emergency`, a read no mail scanner can turn into an act), explains what they
 * may ask for and what happens next, asks on a click (`POST`), and shows the state: waiting (until
 * when, in the reader's own time), refused, ended, withdrawn or granted. Granted, a click opens the
 * bundle here with the kit's own secret t (emergency-state.ts openGranted) and shows each item
 * read-only as the app's viewer does (copy-view.ts, copy-nodes.ts). Every failure is said in words.
 */
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { copyView } from '../../../shared/share-copy-view';
import { copyNodes } from '../copy-nodes';
import { h, say } from '../dom';
import type { KitEmergency } from './api';
import { kitAction } from './code-form';
import { askTexts, emergencyStep, notShownText, openFailureText, openGranted, stateText, tellOpened } from './emergency-state';
import { busyWhile, type Flow } from './flow';
import { kitCopyWords, kt } from './words';

const HEADING_ID = 'emergency';

/** The section for `flow`'s kit: empty until the server answers, and empty for good when the owner gave this trustee no emergency access. */
export function emergencySection(flow: Flow): HTMLElement {
  const section = h('section', { class: 'card no-print', 'aria-labelledby': HEADING_ID });
  section.hidden = true;
  const load = async () => {
    try {
      show(section, flow, await flow.api.emergency(), load);
    } catch (err) {
      section.hidden = false;
      section.replaceChildren(heading(), h('p', { class: 'error' }, kt('kit.emergency.unchecked', { reason: (err as Error).message })));
    }
  };
  void load();
  return section;
}

const heading = () => h('h2', { id: HEADING_ID }, kt('kit.emergency.title'));

/** Fills `section` for the server's answer `e`; `reload` asks the server again. */
function show(section: HTMLElement, flow: Flow, e: KitEmergency, reload: () => Promise<void>): void {
  const name = flow.info.ownerFirstName;
  const step = emergencyStep(e);
  if (step === 'none') {
    section.hidden = true;
    section.replaceChildren();
    return;
  }
  section.hidden = false;
  const nodes: Node[] = [heading()];
  if (step !== 'can-ask') nodes.push(h('p', { class: step === 'granted' ? 'ok' : '' }, stateText(step, name, e)));
  if (step === 'can-ask' || ((step === 'ended' || step === 'withdrawn') && e.canAsk)) {
    nodes.push(...askTexts(name, e).map((t) => h('p', {}, t)));
    const ask = h('button', { type: 'button' }, kt('kit.emergency.ask'));
    ask.addEventListener('click', () =>
      void busyWhile(ask, kt('kit.emergency.asking'), async () => {
        await flow.api.askEmergency();
        await reload();
        section.querySelector('h2')?.focus();
        say(kt('kit.emergency.asked', { name }));
      }, say),
    );
    nodes.push(h('p', {}, ask));
  }
  if (step === 'granted') nodes.push(openPart(flow, e));
  section.replaceChildren(...nodes);
  const title = section.querySelector('h2')!;
  title.tabIndex = -1;
  // A request under way is what the trustee came for: it goes under the page's heading, not below the kit's care.
  if (step === 'waiting' || step === 'granted') section.parentElement?.querySelector(':scope > h1')?.after(section);
}

/** Granted: a button (or, without a kit on this page, the code form) that opens the bundle here. */
function openPart(flow: Flow, e: KitEmergency): Node {
  const name = flow.info.ownerFirstName;
  const label = kt('kit.emergency.open', { name });
  const shown = h('div', {});
  const open = (kit: Kit, button: HTMLButtonElement) =>
    busyWhile(button, kt('kit.emergency.opening', { name }), async () => {
      const opened = await openGranted(flow.info, kit, e);
      if (opened.kind === 'failed') {
        const text = openFailureText(opened.why, name);
        shown.replaceChildren(h('p', { class: 'error', role: 'alert' }, text));
        say(text, 'error');
        return;
      }
      flow.keep(kit);
      void tellOpened(flow.api, e); // the owner's timeline: when the items were opened
      const notShown = notShownText(opened.notShown);
      shown.replaceChildren(
        h('h3', { id: 'emergency-items', tabindex: '-1' }, kt('kit.emergency.itemsTitle', { name })),
        h('p', { class: 'muted' }, kt('kit.emergency.readOnly')),
        ...(notShown ? [h('p', { class: 'error', role: 'alert' }, notShown)] : []),
        ...(opened.items.length ? opened.items.map((i) => copyNodes(copyView(i.copy, kitCopyWords), 4)) : [h('p', {}, kt('kit.emergency.nothing', { name }))]),
      );
      shown.querySelector<HTMLElement>('#emergency-items')?.focus();
      say(kt('kit.emergency.opened', { n: opened.items.length }));
    }, say);
  return h('div', {}, kitAction({ info: flow.info, kit: flow.kit, button: label, onKit: open }), shown);
}
