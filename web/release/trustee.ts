/**
 * A trustee's page (`/r/t/<token>`), by access level (DESIGN.md §8; the same content and words as
 * the former server-rendered page): full — the family binder (made here), plan, documents, tasks
 * and messages; documents-only — documents; messages-only — messages, with "resend". Ticking a
 * task and resending a link stay plain forms posting to the token's API (they show no content).
 */
import { DELIVERY_RULE_TEXT } from '../../shared/delivery-rule';
import { BURIAL_PREFERENCE_LABELS, DOCUMENT_TYPE_LABELS, FUNERAL_TYPE_LABELS } from '../../shared/labels';
import type { TrusteePageData } from '../../shared/release/pages';
import type { DeathPlan } from '../../shared/schema';
import { h, say } from './dom';
import { fileView } from './file-view';
import { NOT_OPENED } from './open';
import { downloadBinder } from './binder';

type Data = TrusteePageData;

/** The page's content for `data` (already opened, open.ts); `token` is the link's, for its forms. */
export function trusteeView(data: Data, token: string): { title: string; nodes: Node[] } {
  const api = `/api/trustee/access/${encodeURIComponent(token)}`;
  // A sealed account's plan, tasks and binder are not sent (sync-server/release/page-data.ts): say so.
  const full = [
    data.binder ? binderButton(data) : h('p', { class: 'muted' }, SEALED_BINDER_TEXT),
    planSection(data.plan ?? null),
    documentsSection(data),
    tasksSection(data, api),
    messagesSection(data, api),
  ];
  const sections: Node[] =
    data.level === 'full'
      ? full
      : data.level === 'documents-only'
        ? [documentsSection(data)]
        : [messagesSection(data, api)];
  return {
    title: data.ownerName,
    nodes: [
      h('h1', {}, `What ${data.ownerName} left for you`),
      h('p', {}, `We are sorry for your loss. This is what ${data.ownerFirstName} shared with you as their trustee.`),
      // Values that did not open are never shown as content (open.ts): the page says so.
      ...(data.notOpened ? [h('p', { class: 'error', role: 'alert' }, notOpenedText(data.notOpened))] : []),
      ...sections,
    ],
  };
}

/** Shown to a full-access trustee of a sealed account in place of the binder's button. */
export const SEALED_BINDER_TEXT = 'The family binder cannot be made on this page yet for an account sealed on its owner’s devices. The plan, documents, tasks and messages are shown below.';

/** The warning for `n` values that could not be opened (shown "(could not be opened)" in place). */
export const notOpenedText = (n: number) =>
  `${n === 1 ? 'One entry' : `${n} entries`} on this page could not be opened: ${n === 1 ? 'it was' : 'they were'} changed or damaged, and ${n === 1 ? 'is' : 'are'} marked “(could not be opened)”.`;

function binderButton(data: Data): Node {
  const button = h('button', { type: 'button' }, 'Download the family binder (PDF)');
  button.addEventListener('click', async () => {
    button.disabled = true;
    say('Making the family binder on this device…');
    try {
      const outcome = await downloadBinder(data.binder!, data.ownerName, new Date(data.now));
      say(outcome === 'downloaded' ? 'The family binder is in your downloads.' : 'The family binder is ready.');
    } catch {
      say('The family binder could not be made. Please try again.', 'error');
    } finally {
      button.disabled = false;
    }
  });
  return h('p', {}, button);
}

function planSection(p: DeathPlan | null): Node {
  if (!p) return h('section', { 'aria-labelledby': 'plan' }, h('h2', { id: 'plan' }, 'Plan'), h('p', {}, 'No plan was written.'));
  const row = (label: string, value: string | null | undefined) => (value ? [h('dt', {}, label), h('dd', {}, value)] : []);
  return h(
    'section',
    { 'aria-labelledby': 'plan' },
    h('h2', { id: 'plan' }, 'Plan'),
    h(
      'dl',
      {},
      row('Service', p.funeralType ? FUNERAL_TYPE_LABELS[p.funeralType] : null),
      row('Burial', p.burialPreference ? BURIAL_PREFERENCE_LABELS[p.burialPreference] : null),
      row('Location', p.location),
      row('Music', p.musicSelections.join(', ')),
      row('Readings', p.readings.join(', ')),
      row('Special requests', p.specialRequests),
      row('Obituary', p.obituary),
    ),
  );
}

function documentsSection(data: Data): Node {
  const docs = data.documents ?? [];
  const item = (d: (typeof docs)[number]) => {
    const label = `${DOCUMENT_TYPE_LABELS[d.documentType] ?? NOT_OPENED}: `;
    if (d.file === 'missing') return h('li', {}, label, d.documentName, ' ', h('span', { class: 'muted' }, '(the file is not available)'));
    if (d.file) return h('li', {}, label, d.documentName, fileView(d.file, { openLabel: `Open ${d.documentName}` }));
    if (d.documentUrl) return h('li', {}, label, h('a', { href: d.documentUrl, rel: 'noopener noreferrer' }, d.documentName));
    return h('li', {}, label, d.documentName);
  };
  return h(
    'section',
    { 'aria-labelledby': 'documents' },
    h('h2', { id: 'documents' }, 'Documents'),
    docs.length === 0 ? h('p', {}, 'There are no documents.') : h('ul', {}, docs.map(item)),
  );
}

function tasksSection(data: Data, api: string): Node {
  const tasks = data.tasks ?? [];
  return h(
    'section',
    { 'aria-labelledby': 'tasks' },
    h('h2', { id: 'tasks' }, 'Tasks for the family'),
    tasks.length === 0
      ? h('p', {}, 'There are no tasks.')
      : h(
          'ul',
          {},
          tasks.map((t) =>
            h(
              'li',
              {},
              t.done ? '✓ ' : '',
              t.title,
              ' ',
              // A sealed account's task status is sealed: the server cannot write it, so no tick here.
              data.tasksReadOnly ? null : h(
                'form',
                { class: 'inline', method: 'post', action: `${api}/tasks/${encodeURIComponent(t.id)}` },
                h('button', { class: 'small', type: 'submit' }, t.done ? `Mark “${t.title}” not done` : `Mark “${t.title}” done`),
              ),
            ),
          ),
        ),
  );
}

function messagesSection(data: Data, api: string): Node {
  const messages = data.messages ?? [];
  return h(
    'section',
    { 'aria-labelledby': 'messages' },
    h('h2', { id: 'messages' }, 'Messages'),
    messages.length === 0 ? h('p', {}, 'There are no messages.') : h('p', {}, DELIVERY_RULE_TEXT),
    messages.length === 0
      ? null
      : h(
          'ul',
          {},
          messages.map((m) =>
            h(
              'li',
              {},
              `For ${m.recipientName} (${m.recipientEmail}): ${m.state}`,
              m.canResend
                ? [
                    ' ',
                    h(
                      'form',
                      { class: 'inline', method: 'post', action: `${api}/resend/${encodeURIComponent(m.id)}` },
                      h('button', { class: 'small', type: 'submit' }, `Resend link to ${m.recipientName}`),
                    ),
                  ]
                : null,
            ),
          ),
        ),
  );
}
