/**
 * A trustee's page (`/r/t/<token>`), by access level (DESIGN.md §8; the same content and words as
 * the former server-rendered page): full — the family binder (made here, for a sealed account
 * from what the page opened), the owner's health information, plan, documents, tasks (tasks-view.ts: grouped by when, done and
 * undone with who and when) and messages with "resend"; documents-only — documents;
 * messages-only — messages, with "resend". A page that opens nothing sealed (open.ts `cannotOpen`:
 * no kit of theirs in force) says why, and lists only the messages' plain delivery facts, by
 * address. Dates are the reader's own time zone's (dom.ts); the words are the trustee's language's
 * (words.ts: TrusteePageData `lang`, issue 44).
 */
import type { TrusteePageData } from '../../shared/release/pages';
import type { DeathPlan } from '../../shared/schema';
import { h, say } from './dom';
import { fileView } from './file-view';
import { notOpenedValue } from './open';
import { notOpenedText } from './not-opened';
import { downloadBinder } from './binder';
import type { MarksState } from './tasks-view';
import { stateText } from './trustee-words';
import { labelOf, t } from './words';

type Data = TrusteePageData;

/** The page's content for `data` (already opened, open.ts); `token` is the link's, for its forms. */
export function trusteeView(data: Data, token: string): { title: string; nodes: Node[] } {
  const api = `/api/trustee/access/${encodeURIComponent(token)}`;
  const marks: MarksState = { list: data.taskMarks ?? [] };
  const full = () => [
    data.binder ? binderButton(data, marks) : null,
    healthSection(data),
    planSection(data.plan ?? null),
    documentsSection(data),
    lazyTasksSection(data, api, marks),
    messagesSection(data, api),
  ];
  const sections: (Node | null)[] = data.cannotOpen
    ? [data.messages?.length ? messagesSection(data, api) : null] // nothing sealed opens here: only what is plain (open.ts)
    : data.level === 'full'
      ? full()
      : data.level === 'documents-only'
        ? [documentsSection(data)]
        : [messagesSection(data, api)];
  return {
    title: data.ownerName,
    nodes: [
      h('h1', {}, t('releasePage.trustee.title', { ownerName: data.ownerName })),
      data.cannotOpen
        ? h('p', { class: 'error', role: 'alert' }, data.cannotOpen)
        : h('p', {}, t('releasePage.trustee.sorry', { ownerFirstName: data.ownerFirstName })),
      // Values that did not open are never shown as content (open.ts): the page names each one (not-opened.ts).
      ...(data.notOpened ? [h('p', { class: 'error', role: 'alert' }, notOpenedText(data.notOpened))] : []),
      ...sections.filter((n): n is Node => n !== null),
    ],
  };
}

function binderButton(data: Data, marks: MarksState): Node {
  const button = h('button', { type: 'button' }, t('releasePage.trustee.binder.button'));
  button.addEventListener('click', async () => {
    button.disabled = true;
    say(t('releasePage.trustee.binder.making'));
    try {
      // The family's progress as it is now on this page (tasks marked done print ticked).
      const { withFamilyProgress } = await import('./task-list');
      const outcome = await downloadBinder(withFamilyProgress(data.binder!, marks.list), data.ownerName, new Date(data.now), data.lang);
      const made = t(outcome === 'downloaded' ? 'releasePage.trustee.binder.downloaded' : 'releasePage.trustee.binder.ready');
      // What did not open is not in the binder either (blank or left out): it says so, never passes it off as complete.
      say(data.notOpened ? t('releasePage.trustee.binder.leftOut', { made, notOpened: notOpenedText(data.notOpened) }) : made, data.notOpened ? 'error' : undefined);
    } catch {
      say(t('releasePage.trustee.binder.failed'), 'error');
    } finally {
      button.disabled = false;
    }
  });
  return h('p', {}, button);
}

/**
 * The tasks section, loaded after the page (tasks-view.ts and the guide's order it sorts by are a
 * full-access trustee's only: a recipient's page and the other levels never load them). Both
 * sections are `<section aria-labelledby="tasks">`, so the loaded one's children fill this one.
 */
function lazyTasksSection(data: Data, api: string, marks: MarksState): Node {
  const heading = () => h('h2', { id: 'tasks' }, t('releasePage.trustee.tasks.heading'));
  const holder = h('section', { 'aria-labelledby': 'tasks' }, heading(), h('p', { class: 'muted' }, t('releasePage.trustee.tasks.loading')));
  import('./tasks-view').then(
    // The holder's content is replaced, not the holder: the view may be shown only after the chunk
    // has loaded (the kit page first fetches the letters to hand over), and a node replaced while
    // detached would leave "Loading the tasks…" on the page for good.
    (m) => holder.replaceChildren(...m.tasksSection(data, api, marks).childNodes),
    () => holder.replaceChildren(heading(), h('p', { class: 'error' }, t('releasePage.trustee.tasks.loadFailed'))),
  );
  return holder;
}

/**
 * What the owner wrote as "Important Health Information" (wizard step 1), for a full-access trustee
 * only (issue "Promises kept", Deliver "Documents"); no section when they wrote nothing.
 */
function healthSection(data: Data): Node | null {
  const health = data.profile?.healthInfo?.trim();
  if (!health) return null;
  return h(
    'section',
    { 'aria-labelledby': 'health' },
    h('h2', { id: 'health' }, t('releasePage.trustee.health.heading')),
    h('p', { class: 'muted' }, t('releasePage.trustee.ownerWrote', { ownerFirstName: data.ownerFirstName })),
    h('p', { class: 'body' }, health),
  );
}

function planSection(p: DeathPlan | null): Node {
  const heading = () => h('h2', { id: 'plan' }, t('releasePage.trustee.plan.heading'));
  if (!p) return h('section', { 'aria-labelledby': 'plan' }, heading(), h('p', {}, t('releasePage.trustee.plan.none')));
  const row = (label: string, value: string | null | undefined) => (value ? [h('dt', {}, label), h('dd', {}, value)] : []);
  return h(
    'section',
    { 'aria-labelledby': 'plan' },
    heading(),
    h(
      'dl',
      {},
      row(t('releasePage.trustee.plan.service'), p.funeralType ? labelOf('funeral', p.funeralType) : null),
      row(t('releasePage.trustee.plan.burial'), p.burialPreference ? labelOf('burial', p.burialPreference) : null),
      row(t('releasePage.trustee.plan.location'), p.location),
      row(t('releasePage.trustee.plan.music'), p.musicSelections.join(', ')),
      row(t('releasePage.trustee.plan.readings'), p.readings.join(', ')),
      row(t('releasePage.trustee.plan.specialRequests'), p.specialRequests),
      row(t('releasePage.trustee.plan.obituary'), p.obituary),
    ),
  );
}

/**
 * The documents, for the full-access and documents-only levels (plain or sealed, opened: open.ts):
 * each with its type, its file or link, and where its original is kept when the owner said
 * (issue 38, item 6: the solicitor needs it most; the same label as the form and the binder).
 */
function documentsSection(data: Data): Node {
  const docs = data.documents ?? [];
  const item = (d: (typeof docs)[number]) => {
    const label = t('releasePage.trustee.documents.type', { type: labelOf('documentType', d.documentType) ?? notOpenedValue() });
    const kept = d.originalLocation?.trim();
    const original = kept ? h('p', { class: 'original' }, t('releasePage.trustee.documents.original', { place: kept })) : null;
    if (d.file === 'missing') return h('li', {}, label, d.documentName, ' ', h('span', { class: 'muted' }, t('releasePage.trustee.documents.fileMissing')), original);
    if (d.file) return h('li', {}, label, d.documentName, original, fileView(d.file, { openLabel: t('releasePage.file.open', { name: d.documentName }) }));
    if (d.documentUrl) return h('li', {}, label, h('a', { href: d.documentUrl, rel: 'noopener noreferrer' }, d.documentName), original);
    return h('li', {}, label, d.documentName, original);
  };
  return h(
    'section',
    { 'aria-labelledby': 'documents' },
    h('h2', { id: 'documents' }, t('releasePage.trustee.documents.heading')),
    docs.length === 0 ? h('p', {}, t('releasePage.trustee.documents.none')) : h('ul', {}, docs.map(item)),
  );
}

function messagesSection(data: Data, api: string): Node {
  const messages = data.messages ?? [];
  return h(
    'section',
    { 'aria-labelledby': 'messages' },
    h('h2', { id: 'messages' }, t('releasePage.trustee.messages.heading')),
    h('p', {}, t(messages.length === 0 ? 'releasePage.trustee.messages.none' : 'releasePage.trustee.messages.rule')),
    messages.some((m) => m.handover) ? h('p', {}, t('releasePage.trustee.messages.handoverRule')) : null,
    messages.length === 0
      ? null
      : h(
          'ul',
          {},
          messages.map((m) =>
            h(
              'li',
              {},
              m.recipientName
                ? t('releasePage.trustee.messages.forNamed', { name: m.recipientName, email: m.recipientEmail, state: stateText(m, Date.parse(data.now)) })
                : t('releasePage.trustee.messages.forAddress', { email: m.recipientEmail, state: stateText(m, Date.parse(data.now)) }),
              m.canResend
                ? [
                    ' ',
                    h(
                      'form',
                      { class: 'inline', method: 'post', action: `${api}/resend/${encodeURIComponent(m.id)}` },
                      h('button', { class: 'small', type: 'submit' }, t('releasePage.trustee.messages.resend', { name: m.recipientName || m.recipientEmail })),
                    ),
                  ]
                : null,
            ),
          ),
        ),
  );
}
