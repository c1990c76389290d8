/**
 * Public, token-authenticated pages (DESIGN.md §8); no account needed, rate limited per IP, and
 * every answer charged to the budgets of the owner whose token it is (http/token-budgets.ts).
 * Every invalid, expired, revoked or premature link answers the same 404.
 *   /api/trustee/invite/:token   GET page, POST accept (single use; emails the report link)
 *   /api/trustee/report/:token   GET page, POST report the owner's passing (accepted trustees)
 *   /api/trustee/access/:token   GET redirects to the static page /r/t/:token (web/release/), which reads
 *        GET …/data (JSON by access level, after release only, page-data.ts);
 *        POST …/tasks/:taskId (full: a task done or not done, task-marks.ts), POST …/resend/:messageId (full and messages-only),
 *        GET …/documents/:documentId/file (full and documents-only: the document's STORED ciphertext, issue #17),
 *        GET …/binder.pdf (redirects to the page: the family binder is made on the trustee's device)
 *   /api/delivery/:token         GET redirects to the static page /r/d/:token, which reads GET …/data
 *        (the message, after release only) and GET …/file (its recording's STORED ciphertext, Range
 *        over the stored bytes). The server decrypts nothing: the page does (web/release/).
 *   /api/still-here/:token       GET page, POST cancel the waiting period (the owner's one click)
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { clientIp } from '../http/client-ip';
import type { PageServices } from './page-services';
import type { ReleaseRouteServices } from './route-services';
import type { TokenPurpose, TokenRow } from './store/sqlite-release';
import { html } from 'hono/html';
import { localTime, notFoundPage, page, pageWords, RELEASE_PAGE_PATHS, say, wordsWith, type Html } from './page';
import { deliveryPageData, storedFileOf } from './page-data';
import { deliveryEmailParams } from './emails';
import { admitTokenOwner, fileCharge } from '../http/token-budgets';
import { LINK_PATHS } from './outbox';
import { DAY_MS, TransitionError } from './state-machine';
import { createDownloadBudget, serveStoredFile } from '../blobs';
import { resolveToken } from './tokens';
import { parseReportForm, reportConfirm, reportIntro, type ReportForm } from './report-form';
import { plainView } from '../../shared/crypto/fields';
import { parseTaskMarkForm, plainTrusteeNames, setTaskDone, taskExists, taskMarksFor } from './task-marks';
import { serverWord } from './server-words';



export function releasePublicRoutes(deps: AppDeps, services: PageServices & Pick<ReleaseRouteServices, 'rateLimiters' | 'scheduler' | 'trusteePages'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { release, blobs } = services;
  const records = services.records;
  const { store } = release;
  // Shared by every instance on PostgreSQL (services.rateLimiters), like the sign-in limits.
  const limiter = services.rateLimiters({ name: 'release-link', limit: 120, windowMs: 10 * 60_000 });
  // File downloads are decrypted on the fly: they cost bytes, per address (blobs/release-files.ts).
  const downloadBudget = createDownloadBudget(deps.config.limits.fileBytesPerMinute, deps.now);
  const bytesBudget = (c: Context) => downloadBudget(`release-bytes:${clientIp(c, deps)}`);
  const poke = () => services.scheduler.poke();

  for (const prefix of ['/api/trustee/*', '/api/delivery/*', '/api/still-here/*']) {
    app.use(prefix, async (c, next) => {
      await limiter.hit(`release-link:${clientIp(c, deps)}`);
      await next();
    });
  }

  /** The one JSON answer for any invalid, expired, revoked or premature link (the page says so). */
  const notFoundJson = (c: Context) => c.json({ error: 'This link isn\'t available', issues: [] }, 404);

  /**
   * The live token of the request for `purpose`, or null. Its owner is admitted first
   * (http/token-budgets.ts): past their budget the link answers 429 before any page is built,
   * and what it sends is charged to them.
   */
  const tokenOf = async (c: Context<AppEnv>, purpose: TokenPurpose): Promise<TokenRow | null> => {
    const tok = await resolveToken(store, c.req.param('token') ?? '', purpose, deps.now());
    if (tok) await admitTokenOwner(c, records.throttle, tok.user_id);
    return tok;
  };
  /** The charge of a file's pieces: the address's download budget and the owner's file budget. */
  const fileBytes = (c: Context, ownerId: string) => {
    const address = bytesBudget(c);
    const owner = fileCharge(records.throttle, ownerId);
    return (bytes: number) => {
      owner(bytes);
      address(bytes);
    };
  };

  /**
   * A page's language and words for a reader of `userId`'s: `chosen` (a trustee's language as the
   * owner chose it) else the account's (issue 44; service.ts readerLanguage). Only the routes that
   * render a page ask: the JSON data, the files and the task ticks never build words.
   */
  const wordsOf = async (userId: string, chosen?: string | null) => {
    const lang = await release.readerLanguage(userId, chosen);
    return { lang, w: pageWords(lang) };
  };

  /** A trustee token whose trustee is still a live, non-removed trustee (no words: see `trusteePageOf`). */
  const trusteeOf = async (c: Context<AppEnv>, purpose: TokenPurpose) => {
    const tok = await tokenOf(c, purpose);
    if (!tok) return null;
    const actor = await release.trusteeActor(tok.user_id, tok.subject_id);
    const record = await records.get(tok.user_id, 'trustees', tok.subject_id);
    if (!actor || actor.status === 'removed' || !record) return null;
    // What the pages below may show of the trustee: plain fields only (no sealed name, no envelope).
    const trustee = plainView('trustees', record);
    return { tok, token: c.req.param('token') ?? '', actor, trustee, owner: await release.owner(tok.user_id) };
  };

  /** `trusteeOf` with its page's words: the pages speak the trustee's language as the owner chose it, else the account's (issue 44). */
  const trusteePageOf = async (c: Context<AppEnv>, purpose: TokenPurpose) => {
    const t = await trusteeOf(c, purpose);
    return t && { ...t, ...(await wordsOf(t.tok.user_id, t.trustee.language)) };
  };

  // ---- Invitation -------------------------------------------------------------------------
  app.get('/api/trustee/invite/:token', async (c) => {
    const t = await trusteePageOf(c, 'invite');
    if (!t || t.actor.status !== 'invited') return notFoundPage(c);
    const { w } = t;
    const v = { first: t.owner.firstName };
    return page(
      c,
      w.t('linkPage.invite.title'),
      html`<h1>${say(w, 'linkPage.invite.heading', v)}</h1>
<p>${say(w, 'linkPage.hello')}</p>
<p>${say(w, 'linkPage.invite.body', v)}</p>
<form method="post"><button type="submit">${say(w, 'linkPage.invite.accept')}</button></form>
<p class="muted">${say(w, 'linkPage.invite.decline')}</p>`,
      200,
      t.lang,
    );
  });

  app.post('/api/trustee/invite/:token', async (c) => {
    const t = await trusteePageOf(c, 'invite');
    if (!t || t.actor.status !== 'invited') return notFoundPage(c);
    const accepted = await release.acceptInvitation(t.tok.user_id, t.trustee.id);
    if (!accepted) return notFoundPage(c);
    poke();
    const thanks = t.w.t('linkPage.thankYou');
    return page(c, thanks, html`<h1>${thanks}</h1>
<p>${say(t.w, 'linkPage.invite.accepted', { first: t.owner.firstName })}</p>`, 200, t.lang);
  });

  // ---- Report (report-form.ts: a confirmed second step, never one tap) ----------------------
  type Reporter = NonNullable<Awaited<ReturnType<typeof trusteePageOf>>>;
  const reportPath = (t: Reporter) => `${LINK_PATHS.report}${t.token}`;
  /** The report link's page for the account's phase: its intro, the confirmation step, or "we have been told"; null once released. */
  const reportBody = async (t: Reporter, step: 'intro' | 'confirm', form?: ReportForm, errors?: Record<string, string>): Promise<Html | null> => {
    const s = await release.state(t.tok.user_id);
    if (s.phase === 'released') return null;
    const { w } = t;
    const first = t.owner.firstName;
    if (s.phase === 'awaiting-confirmations') {
      return html`<h1>${say(w, 'linkPage.report.toldHeading')}</h1>
<p>${say(w, 'linkPage.report.toldAwaiting', { first })}</p>`;
    }
    if (s.phase === 'waiting') {
      return html`<h1>${say(w, 'linkPage.report.toldHeading')}</h1>
<p>${wordsWith(w, 'linkPage.report.toldWaiting', { first }, { endsAt: localTime(s.endsAt!, t.lang) })}</p>`;
    }
    if (step === 'confirm') return reportConfirm({ first, waitingDays: s.waitingDays, action: reportPath(t), backPath: reportPath(t), form, errors }, w);
    return reportIntro({ first, waitingDays: s.waitingDays, confirmPath: `${reportPath(t)}?step=confirm`, stillTrusteePath: `${reportPath(t)}/confirm` }, w);
  };

  app.get('/api/trustee/report/:token', async (c) => {
    const t = await trusteePageOf(c, 'report');
    const body = t && t.actor.status === 'accepted' ? await reportBody(t, c.req.query('step') === 'confirm' ? 'confirm' : 'intro') : null;
    return body && t ? page(c, t.w.t('linkPage.report.title'), body, 200, t.lang) : notFoundPage(c);
  });

  app.post('/api/trustee/report/:token', async (c) => {
    const t = await trusteePageOf(c, 'report');
    if (!t || t.actor.status !== 'accepted' || (await release.state(t.tok.user_id)).phase === 'released') return notFoundPage(c);
    const raw = await c.req.parseBody();
    const form: ReportForm = { confirmed: String(raw.confirmed ?? ''), diedOn: String(raw.diedOn ?? ''), note: String(raw.note ?? '') };
    const parsed = parseReportForm(form, deps.now(), t.w);
    if (!parsed.ok) {
      const body = await reportBody(t, 'confirm', form, parsed.errors as Record<string, string>);
      return body ? page(c, t.w.t('linkPage.report.title'), body, (await release.state(t.tok.user_id)).phase === 'active' ? 400 : 409, t.lang) : notFoundPage(c);
    }
    try {
      const out = await release.apply(t.tok.user_id, t.actor, { type: 'report', diedOn: parsed.diedOn, note: parsed.note });
      poke();
      return page(
        c,
        t.w.t('linkPage.thankYou'),
        html`<h1>${say(t.w, 'linkPage.report.thanksHeading')}</h1>
<p>${wordsWith(t.w, 'linkPage.report.thanks', { first: t.owner.firstName }, { endsAt: localTime(out.state.endsAt!, t.lang) })}</p>`,
        200,
        t.lang,
      );
    } catch (err) {
      if (!(err instanceof TransitionError)) throw err;
      return page(c, t.w.t('linkPage.report.alreadyTitle'), (await reportBody(t, 'intro')) ?? html`<h1>${err.message}</h1>`, 409, t.lang);
    }
  });

  app.post('/api/trustee/report/:token/confirm', async (c) => {
    const t = await trusteePageOf(c, 'report');
    if (!t || t.actor.status !== 'accepted' || (await release.state(t.tok.user_id)).phase === 'released') return notFoundPage(c);
    await release.confirmTrustee(t.tok.user_id, t.trustee.id);
    const thanks = t.w.t('linkPage.thankYou');
    return page(c, thanks, html`<h1>${thanks}</h1>
<p>${say(t.w, 'linkPage.report.stillTrusteeThanks', { first: t.owner.firstName })}</p>`, 200, t.lang);
  });

  // ---- Access by level (after release; trustees who never accepted too, issue #16) ------
  const accessOf = async (c: Context<AppEnv>) => {
    const t = await trusteeOf(c, 'access');
    return t && (await release.state(t.tok.user_id)).phase === 'released' ? t : null;
  };

  // The page itself is static (web/release/, under /r/); old and new e-mailed links land there.
  // A live link redirects; any other answers the same 404 page as before (never a page that then fails).
  app.get('/api/trustee/access/:token', async (c) =>
    (await accessOf(c)) ? c.redirect(`${RELEASE_PAGE_PATHS.access}${c.req.param('token')}`, 302) : notFoundPage(c),
  );

  app.get('/api/trustee/access/:token/data', async (c) => {
    const t = await accessOf(c);
    if (!t) return notFoundJson(c);
    const base = `${LINK_PATHS.access}${c.req.param('token')}`;
    // Built once until the account's next write (trustee-pages.ts); its bytes charged to the owner.
    // In the trustee's language as the owner chose it, else the account's: the e-mails' rule (issue 44).
    const lang = await release.readerLanguage(t.tok.user_id, t.trustee.language);
    const body = await services.trusteePages.answer(t.tok.user_id, t.trustee.id, t.trustee.accessLevel, base, deps.now(), lang);
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });

  // The family binder is made on the trustee's device now (web/release/binder.ts): the old URL opens the page.
  app.get('/api/trustee/access/:token/binder.pdf', async (c) => {
    const t = await accessOf(c);
    return t && t.trustee.accessLevel === 'full' ? c.redirect(`${RELEASE_PAGE_PATHS.access}${c.req.param('token')}`, 303) : notFoundPage(c);
  });

  // Documents by access level: full and documents-only fetch the stored ciphertext; messages-only never (404).
  app.get('/api/trustee/access/:token/documents/:documentId/file', async (c) => {
    const t = await accessOf(c);
    if (!t || t.trustee.accessLevel === 'messages-only') return notFoundPage(c);
    const d = await records.get(t.tok.user_id, 'documents', c.req.param('documentId'));
    return (d && (await serveStoredFile(c, blobs, t.tok.user_id, storedFileOf(d), fileBytes(c, t.tok.user_id)))) || notFoundPage(c);
  });

  // A trustee's done / not done (task-marks.ts): in the server's own table, never in the task record,
  // so a sealed account's tasks can be ticked too. A plain form (303 back to the page) or, asked for
  // JSON, the task's marks for the page to show in place.
  app.post('/api/trustee/access/:token/tasks/:taskId', async (c) => {
    const t = await accessOf(c);
    if (!t || t.trustee.accessLevel !== 'full') return notFoundPage(c);
    const owner = t.tok.user_id;
    const taskId = c.req.param('taskId');
    if (!(await taskExists(services, owner, taskId))) return notFoundPage(c);
    const done = await parseTaskMarkForm(c);
    await setTaskDone(services, owner, taskId, t.trustee.id, done, deps.now());
    if (/\bapplication\/json\b/.test(c.req.header('accept') ?? '')) {
      return c.json({ taskId, done, marks: await taskMarksFor(services, owner, t.trustee.id, await plainTrusteeNames(services, owner), taskId) });
    }
    return c.redirect(`${LINK_PATHS.access}${c.req.param('token')}`, 303);
  });

  app.post('/api/trustee/access/:token/resend/:messageId', async (c) => {
    const t = await accessOf(c);
    // Full and messages-only trustees see the messages' list, and may send a recipient a new link.
    if (!t || t.trustee.accessLevel === 'documents-only') return notFoundPage(c);
    const record = await records.get(t.tok.user_id, 'messages', c.req.param('messageId'));
    const m = record && plainView('messages', record); // its address and state only: the name is sealed
    if (!m || !m.delivered) return notFoundPage(c);
    const now = deps.now();
    const { resendsPerDay } = deps.config.limits;
    // The limit's check and the queueing in one transaction: two presses at once cannot both pass it.
    const queued = await store.transaction(async (tx) => {
      if ((await tx.quotaUsed(t.tok.user_id, 'resend', now - DAY_MS)) >= resendsPerDay) return false;
      // No names: a recipient's and a trustee's are sealed (greeted "Hello,", named by address). In
      // the recipient's language, as the first letter was (issue 44), not the account's.
      await release.queue(tx, t.tok.user_id, 'delivery', m.recipientEmail, `resend:${m.id}:${now}`, deliveryEmailParams(m), 'resend');
      await tx.addActivity(t.tok.user_id, now, 'message-resent', serverWord('serverWords.activity.messageResent', { trustee: t.trustee.email, recipient: m.recipientEmail }));
      return true;
    });
    const { w, lang } = await wordsOf(t.tok.user_id, t.trustee.language);
    const back = html`<p><a href="${LINK_PATHS.access}${c.req.param('token')}">${say(w, 'linkPage.back')}</a></p>`;
    if (!queued) {
      return page(c, w.t('linkPage.resend.limitTitle'), html`<h1>${say(w, 'linkPage.resend.limitHeading')}</h1>
<p>${say(w, 'linkPage.resend.limit', { n: String(resendsPerDay) })}</p>
${back}`, 429, lang);
    }
    poke();
    return page(c, w.t('linkPage.resend.sentTitle'), html`<h1>${say(w, 'linkPage.resend.sentHeading')}</h1>
<p>${say(w, 'linkPage.resend.sent', { address: m.recipientEmail })}</p>
${back}`, 200, lang);
  });

  // ---- Delivery (after release) ---------------------------------------------------------
  /** The delivered message of a live delivery link, after release only, or null. */
  const deliveryOf = async (c: Context<AppEnv>) => {
    const tok = await tokenOf(c, 'delivery');
    if (!tok || (await release.state(tok.user_id)).phase !== 'released') return null;
    const m = await records.get(tok.user_id, 'messages', tok.subject_id);
    // A link names the address it was sent to: once the message is re-addressed it stops at once.
    if (!m || (tok.addr && tok.addr !== m.recipientEmail.toLowerCase())) return null;
    return { tok, m };
  };

  app.get('/api/delivery/:token/file', async (c) => {
    const d = await deliveryOf(c);
    return (d && (await serveStoredFile(c, blobs, d.tok.user_id, storedFileOf(d.m), fileBytes(c, d.tok.user_id)))) || notFoundPage(c);
  });

  app.get('/api/delivery/:token', async (c) =>
    (await deliveryOf(c)) ? c.redirect(`${RELEASE_PAGE_PATHS.delivery}${c.req.param('token')}`, 302) : notFoundPage(c),
  );

  app.get('/api/delivery/:token/data', async (c) => {
    const d = await deliveryOf(c);
    if (!d) return notFoundJson(c);
    const { tok, m } = d;
    // The first open is shown to the owner and the trustees as "opened on …" (a server-only field).
    if (!m.openedAt) {
      const at = new Date(deps.now()).toISOString();
      await release.guarded(tok.user_id, 'noting that a message was opened', () => records.write(tok.user_id, 'messages', m.id, { openedAt: at }));
    }
    return c.json(await deliveryPageData(services, tok.user_id, m, `${LINK_PATHS.delivery}${c.req.param('token')}/file`));
  });

  // ---- The owner's one click ------------------------------------------------------------
  /**
   * The owner's live cancel token, only while the waiting period it was sent for runs: a link
   * from an earlier period (cancelled in the app, its e-mail left in the mailbox) never cancels
   * a later one, even before that one's e-mail (which revokes it) has gone out.
   */
  const cancelTokenOf = async (c: Context<AppEnv>) => {
    const tok = await tokenOf(c, 'cancel');
    const s = tok ? await release.state(tok.user_id) : null;
    const running = s && (s.phase === 'waiting' || s.phase === 'awaiting-confirmations'); // "I'm still here" cancels both (state-machine.ts)
    return tok && s && running && s.startedAt !== null && tok.created_at >= s.startedAt ? tok : null;
  };

  app.get('/api/still-here/:token', async (c) => {
    const tok = await cancelTokenOf(c);
    if (!tok) return notFoundPage(c);
    // The owner's own page: in the account's language (issue 44).
    const { lang, w } = await wordsOf(tok.user_id);
    return page(
      c,
      w.t('linkPage.stillHere.title'),
      html`<h1>${say(w, 'linkPage.stillHere.heading')}</h1>
<p>${say(w, 'linkPage.stillHere.body')}</p>
<form method="post"><button type="submit">${say(w, 'linkPage.stillHere.button')}</button></form>`,
      200,
      lang,
    );
  });

  app.post('/api/still-here/:token', async (c) => {
    const tok = await cancelTokenOf(c);
    if (!tok) return notFoundPage(c);
    await release.apply(tok.user_id, { kind: 'owner' }, { type: 'cancel' });
    await store.revokeToken(tok.hash, deps.now());
    poke();
    const { lang, w } = await wordsOf(tok.user_id);
    return page(c, w.t('linkPage.stillHere.doneTitle'), html`<h1>${say(w, 'linkPage.stillHere.doneHeading')}</h1>
<p>${say(w, 'linkPage.stillHere.done')}</p>`, 200, lang);
  });

  return app;
}
