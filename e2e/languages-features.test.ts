/**
 * Issue 44, the moved features under the tests' pseudo-locale at 390 px (docs/i18n.md "Moving a
 * feature"): Legal Documents, Trustees, the Message Vault, My After-Death Plan, Survivor Tasks,
 * Profile Settings, the not-found page, the dashboard (with the bell's Notifications menu), Settings, sharing (with the viewer's page a shared
 * link opens) and emergency access leave no English word of their own catalogs on any of
 * their screens (the page, its empty states and tabs, its dialogs, a card, the delete question, the
 * toasts) and nothing wider than the screen. Each walk checks its own feature's words: a part of
 * another feature not moved yet is hidden (hideUnmoved) or left out.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MessageId } from '../web/i18n/messages';
import { choose, expectToast } from './record-screens';
import { hasChromium, MOBILE, poll, useBrowserSuite } from './harness';
import { en, englishWords, expectAllTranslated, hideUnmoved, hideWords, pseudo, pseudoOwner, pseudoStart, walkDeleteQuestion, walkEmptyScreen } from './language-steps';
import { accent } from '../web/i18n/pseudo';
import { walkReleaseSide } from './language-walk-release';

describe.skipIf(!hasChromium)('languages: the moved features (issue 44)', () => {
  // No test here goes offline: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const phone = (locale: string) => suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('under the pseudo-locale, Legal Documents (the page, its empty states, the upload dialog, a card, the delete question, the toasts) leaves no English word', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['documents', 'record-forms']);
    const dialog = await walkEmptyScreen(page, words, '/documents', {
      title: 'documents.title',
      emptyText: 'documents.emptyDescription',
      create: 'documents.uploadFirst',
      dialogTitle: 'documents.createTitle',
    });
    // The file field's own words and web/ui's drop zone in it (session 27); sent blank, the required-fields toast and the fields' errors.
    await dialog.getByText(pseudo('documents.fileHint')).waitFor();
    await dialog.getByText(pseudo('fileDrop.dragHere')).waitFor();
    await expectAllTranslated(page, dialog, 'the upload dialog, a file', words);
    await dialog.getByRole('button', { name: pseudo('documents.submitUpload') }).click();
    await expectToast(page, pseudo('form.missingTitle'), pseudo('form.missingDescription'));
    await dialog.getByText(pseudo('form.required')).first().waitFor();
    await expectAllTranslated(page, dialog, 'the upload dialog, sent blank', words);
    await dialog.getByText(pseudo('documents.source.link')).click();
    await expectAllTranslated(page, dialog, 'the upload dialog', words);
    await choose(page, pseudo('documents.typeLabel'), pseudo('documents.type.will'));
    await dialog.getByLabel(pseudo('documents.nameLabel')).fill('Testamento de Layla');
    await dialog.getByLabel(pseudo('documents.urlLabel')).fill('files.example.com/will.pdf');
    await dialog.getByRole('button', { name: pseudo('documents.submitLink') }).click();
    await expectToast(page, pseudo('documents.uploaded'), pseudo('documents.uploadedDescription'));
    const card = page.getByRole('list', { name: pseudo('documents.list') }).getByRole('listitem').first();
    await card.waitFor();
    expect(await card.textContent()).toContain(pseudo('documents.type.will'));
    await expectAllTranslated(page, page.locator('main'), '/documents, a card', words);

    await page.getByRole('tab', { name: pseudo('documents.type.insurance') }).click();
    await page.getByText(pseudo('documents.emptyTitle')).waitFor();
    await expectAllTranslated(page, page.locator('main'), '/documents, an empty tab', words);
    await page.getByRole('tab', { name: pseudo('documents.filter.all') }).click();
    await walkDeleteQuestion(page, card, words, 'documents.deleteConfirm');
    await context.close();
  });

  it('under the pseudo-locale, Trustees (the page, its empty state, the add dialog, a card, the remove question, the toasts) leaves no English word of its own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['trustees']);
    await page.goto('/trustees');
    const title = page.getByRole('heading', { level: 1, name: pseudo('trustees.title') });
    await title.waitFor();
    await page.getByText(pseudo('trustees.emptyDescription')).waitFor();
    // The page's own parts: the kits section (its own walk, languages-trustee-kits.test.ts) and the
    // card's Share now / Emergency access buttons belong to other features' words (kits, sharing, emergency).
    const header = page.locator('main div.mb-6', { has: title });
    const why = page.getByRole('region', { name: pseudo('trustees.whyTitle') });
    for (const [part, where] of [[header, 'the header'], [page.getByText(pseudo('trustees.emptyTitle')).locator('..'), 'the empty state'], [why, 'why add trustees']] as const)
      await expectAllTranslated(page, part, where, words);

    await page.getByRole('button', { name: pseudo('trustees.addFirst') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: pseudo('trustees.addTitle') }).waitFor();
    await expectAllTranslated(page, dialog, 'the add dialog', words);
    await dialog.getByLabel(pseudo('trustees.nameLabel')).fill('Margarita Alba');
    await dialog.getByLabel(pseudo('trustees.emailLabel')).fill('margarita@example.com');
    await choose(page, pseudo('trustees.accessLabel'), pseudo('trustees.access.full'));
    await expectAllTranslated(page, dialog, 'the add dialog, an access level chosen', words);
    await dialog.getByRole('button', { name: pseudo('trustees.submitAdd') }).click();
    await expectToast(page, pseudo('trustees.addedToast'));
    const card = page.getByRole('list', { name: pseudo('trustees.list') }).getByRole('listitem').first();
    await card.waitFor();
    for (const [part, where] of [[card.locator('h2'), 'the card\'s name'], [card.locator('dl'), 'the card\'s details'], [card.locator('div:has(> button.text-red-700)'), 'the card\'s edit and remove buttons']] as const)
      await expectAllTranslated(page, part, where, words);
    expect(await card.textContent()).toContain(pseudo('trustees.access.full'));
    await walkDeleteQuestion(page, card, words, 'trustees.removeConfirm');
    await context.close();
  });

  it('under the pseudo-locale, the Message Vault (the page, its empty states, the create dialog, a card, the delete question, the toasts) leaves no English word of its own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['message-vault']);
    const dialog = await walkEmptyScreen(page, words, '/message-vault', {
      title: 'messages.title',
      emptyText: 'messages.empty.all',
      create: 'messages.createFirst',
      dialogTitle: 'messages.createTitle',
    });
    // The dialog's own words; the line under the date (shared/delivery-rule.ts) is not on the catalogs yet.
    await dialog.getByText(pseudo('messages.delivery.noKits')).waitFor();
    for (const id of ['messages.recipientName', 'messages.recipientEmail', 'messages.typeLabel', 'messages.dateLabel', 'messages.bodyLabel'] as const)
      await dialog.getByText(pseudo(id)).first().waitFor();
    await dialog.getByLabel(pseudo('messages.recipientName')).fill('Clara');
    await dialog.getByLabel(pseudo('messages.recipientEmail')).fill('clara@example.com');
    await dialog.getByLabel(pseudo('messages.bodyLabel')).fill('Querida Clara');
    await dialog.getByRole('button', { name: pseudo('messages.submitCreate') }).click();
    await expectToast(page, pseudo('messages.created'), pseudo('messages.createdDescription'));
    const card = page.getByRole('list', { name: pseudo('messages.list') }).getByRole('listitem').first();
    await card.waitFor();
    expect(await card.textContent()).toContain(pseudo('messages.pending'));
    for (const [part, where] of [[card.locator('h2'), 'the card\'s name'], [card.locator('dt').nth(0), 'the card\'s terms'], [card.locator('dt').nth(1), 'the card\'s terms'], [card.locator('div:has(> button.text-red-700)'), 'the card\'s edit and delete buttons']] as const)
      await expectAllTranslated(page, part, where, words);

    await page.getByRole('tab', { name: pseudo('messages.filter.delivered') }).click();
    await page.getByText(pseudo('messages.empty.delivered')).waitFor();
    await expectAllTranslated(page, page.getByRole('tabpanel'), '/message-vault, an empty tab', words);
    await page.getByRole('tab', { name: pseudo('messages.filter.all') }).click();
    await walkDeleteQuestion(page, card, words, 'messages.deleteConfirm');
    await context.close();
  });

  it('under the pseudo-locale, the moved feature screens leave no English word in any tab', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const main = page.locator('main');
    const words = englishWords(['shell', 'signed-in', 'auth', 'plan', 'tasks', 'profile', 'not-found']);

    // My After-Death Plan: each tab (its form, its lists' empty states, the obituary helper's fields).
    await page.goto('/death-plan');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('plan.title'));
    for (const tab of ['plan.tab.basic', 'plan.tab.preferences', 'plan.tab.music', 'plan.tab.readings', 'plan.tab.obituary']) {
      await page.getByRole('tab', { name: pseudo(tab) }).click();
      await poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(pseudo(tab));
      await expectAllTranslated(page, main, `/death-plan, ${en[tab]}`, words);
    }

    // Survivor Tasks: the empty state, the add dialog (a task whose own words are no English), each tab, a card opened.
    await page.goto('/survivor-tasks');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('tasks.title'));
    await page.getByText(pseudo('tasks.empty.title')).waitFor();
    await expectAllTranslated(page, main, '/survivor-tasks, empty', words);
    await page.getByRole('button', { name: pseudo('tasks.add') }).first().click();
    const dialog = page.getByRole('dialog');
    await expectAllTranslated(page, dialog, 'the add task dialog', words);
    await dialog.getByRole('textbox', { name: pseudo('tasks.form.title') }).fill('Ŧàšķ øñè');
    await dialog.getByRole('textbox', { name: pseudo('tasks.form.description') }).fill('Ðèšçŕîƥţîøñ øƒ ţĥè ţàšķ');
    for (const [field, option] of [['tasks.form.category', 'tasks.category.legal'], ['tasks.form.timeframe', 'tasks.timeframe.1w'], ['tasks.form.level', 'tasks.level.semi-automated']]) {
      await dialog.getByRole('combobox', { name: pseudo(field) }).click();
      await page.getByRole('option', { name: pseudo(option) }).click();
    }
    await dialog.getByRole('button', { name: pseudo('tasks.form.create') }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const tab of ['tasks.tab.all', 'tasks.status.not-started', 'tasks.status.completed', 'tasks.category.legal']) {
      await page.getByRole('tab', { name: pseudo(tab) }).click();
      await hideUnmoved(page);
      await poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain(pseudo(tab));
      await expectAllTranslated(page, main, `/survivor-tasks, ${en[tab]}`, words);
    }
    await page.getByRole('tab', { name: pseudo('tasks.tab.all') }).click();
    await page.getByTestId('task-card').locator('button[aria-controls]').first().click(); // its Details
    await page.getByRole('button', { name: pseudo('tasks.generateAutomation') }).waitFor();
    await expectAllTranslated(page, main, '/survivor-tasks, a task opened', words);

    // Profile Settings: both tabs and the Delete Account dialog; then a page that does not exist.
    await page.goto('/profile');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('profile.title'));
    await expectAllTranslated(page, main, '/profile, Personal Information', words);
    await page.getByRole('button', { name: pseudo('profile.edit') }).click();
    await expectAllTranslated(page, main, '/profile, Personal Information being edited', words);
    await page.getByRole('tab', { name: pseudo('profile.tab.security') }).click();
    await page.getByRole('heading', { name: pseudo('profile.password.title') }).waitFor();
    await expectAllTranslated(page, main, '/profile, Security', words);
    await page.getByRole('button', { name: pseudo('profile.account.delete') }).click();
    await expectAllTranslated(page, page.getByRole('dialog'), 'the Delete Account dialog', words);
    await page.keyboard.press('Escape');
    await page.goto('/no-such-page');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('notFound.title'));
    await expectAllTranslated(page, main, 'the not-found page', words);
    await context.close();
  });

  // The viewer's page a link opens (web/features/sharing/SharedPage.tsx, namespace 'shared-view').
  const viewerWords = englishWords(['shared-view']);
  /** Opens `link` signed out (another browser, the pseudo-locale on): the line under the item's title, the sign-in sentence; then the link without its key. */
  async function walkViewerSignedOut(link: string): Promise<void> {
    const visitor = await phone('en-US');
    await visitor.addInitScript(() => localStorage.setItem('afterword.pseudoLocale', '1'));
    const page = await visitor.newPage();
    await page.goto(link);
    const signIn = page.getByRole('link', { name: accent('Sign in to keep this link in it') });
    await signIn.waitFor();
    await expectAllTranslated(page, page.locator('main h1 + p'), "the viewer's page, the line under its title", viewerWords);
    await expectAllTranslated(page, page.locator('main h1').locator('xpath=preceding-sibling::p[1]'), "the viewer's page, the line over its title", englishWords(['copy-view']));
    await expectAllTranslated(page, page.locator('p', { has: signIn }), "the viewer's page, signed out", viewerWords);
    await page.goto(link.split('#')[0]);
    await page.getByRole('heading', { level: 1, name: pseudo('sharedView.outcome.bad-link.title') }).waitFor();
    await expectAllTranslated(page, page.locator('main'), "the viewer's page, an incomplete link", viewerWords);
    await visitor.close();
  }

  // The owner's sharing and emergency screens (namespaces 'sharing' and 'emergency'), and the viewer's page.
  it('under the pseudo-locale, Share now, Shared with you, the sharing timeline and emergency access leave no English word of their own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['sharing', 'emergency']);
    // A trustee, whose card offers Share now and Emergency access.
    await page.goto('/trustees');
    await page.getByRole('button', { name: pseudo('trustees.addFirst') }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel(pseudo('trustees.nameLabel')).fill('Margarita Alba');
    await add.getByLabel(pseudo('trustees.emailLabel')).fill('margarita@alba.es'); // no English word in it: 'example' is one of emergency's
    await choose(page, pseudo('trustees.accessLabel'), pseudo('trustees.access.full'));
    await add.getByRole('button', { name: pseudo('trustees.submitAdd') }).click();
    await expectToast(page, pseudo('trustees.addedToast'));
    const card = page.getByRole('list', { name: pseudo('trustees.list') }).getByRole('listitem').first();
    const shareNow = card.getByRole('button', { name: `${pseudoStart('sharing.shareNowLabel')}Margarita Alba` });
    await shareNow.waitFor();
    await expectAllTranslated(page, card, "the trustee's card", words);

    // Share now: the empty list, the after-death lines, then a link made for Clara and its hand-over.
    await shareNow.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(pseudo('sharing.dialog.nobody')).waitFor();
    await expectAllTranslated(page, dialog, 'the Share now dialog', words);
    await dialog.getByLabel(pseudo('sharing.dialog.nameLabel')).fill('Clara Ruiz');
    await dialog.getByRole('button', { name: pseudo('sharing.shareNow'), exact: true }).click();
    const linkField = dialog.getByLabel(`${pseudoStart('sharing.handOver.linkLabel')}Clara Ruiz`);
    await linkField.waitFor();
    await expectAllTranslated(page, dialog, 'the Share now dialog, a link made', words);
    const link = await linkField.inputValue();
    // A trustee added on this page load waits for the sync engine (it starts once the page's network
    // is quiet, web/sync/engine-start.ts), and its share for the trustee to reach the server: the
    // link opens something once the dialog's list of shares waiting to reach the server is gone.
    await dialog.getByRole('list', { name: pseudo('sharing.dialog.waitingList') }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The viewer's page the link opens ('shared-view'): signed out in another browser, then an incomplete link.
    await walkViewerSignedOut(link);
    // Kept on the viewer's page, the link shows in the dashboard's Shared with you; removed from there.
    await page.goto(link);
    const keepForm = page.locator('form', { has: page.getByRole('button', { name: pseudo('sharedView.keep.button') }) });
    await keepForm.waitFor();
    await expectAllTranslated(page, page.locator('main h1 + p'), "the viewer's page, the line under its title", viewerWords);
    await expectAllTranslated(page, keepForm, "the viewer's page, keeping the link", viewerWords);
    await keepForm.getByLabel(pseudo('sharedView.keep.fromLabel')).fill('Clara');
    await keepForm.getByRole('button', { name: pseudo('sharedView.keep.button') }).click();
    await expectToast(page, pseudo('sharedView.keep.keptToastTitle'), pseudo('sharedView.keep.keptToastDescription'));
    const keptLine = page.locator('p', { has: page.getByRole('link', { name: accent('Go to your dashboard') }) });
    await keptLine.waitFor();
    await expectAllTranslated(page, keptLine, "the viewer's page, the link kept", viewerWords);
    await page.goto('/dashboard');
    const kept = page.getByRole('region', { name: pseudo('sharing.withYou.title') });
    await kept.getByText(`${pseudoStart('sharing.withYou.from')}Clara`).waitFor();
    await expectAllTranslated(page, kept, 'Shared with you', words);
    await kept.getByRole('button', { name: pseudoStart('sharing.withYou.removeLabel') }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText(pseudoStart('sharing.withYou.removeDescription')).waitFor();
    await expectAllTranslated(page, ask, 'the remove question', words);
    await ask.getByRole('button', { name: pseudo('sharing.withYou.remove') }).click();
    await expectToast(page, pseudo('sharing.withYou.removed'));

    // The share listed (opened once, by the keeping), then stopped.
    await page.goto('/trustees');
    await shareNow.click();
    const stop = dialog.getByRole('button', { name: `${pseudoStart('sharing.stopWith')}Clara Ruiz` });
    await stop.waitFor();
    await expectAllTranslated(page, dialog, 'the Share now dialog, its list', words);
    await stop.click();
    await ask.getByText(accent('will not see anything new')).waitFor();
    await expectAllTranslated(page, ask, 'the stop question', words);
    await ask.getByRole('button', { name: pseudo('sharing.stop') }).click();
    await expectToast(page, pseudo('sharing.toast.stopped'), pseudo('sharing.toast.stoppedNow'));
    await page.keyboard.press('Escape');
    // The viewer's page of a link no longer shared.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: pseudo('sharedView.outcome.stopped.title') }).waitFor();
    await expectAllTranslated(page, page.locator('main'), "the viewer's page, sharing stopped", viewerWords);

    // Settings' timeline: made, opened, stopped, in words (the dates are Intl's, en-US under the pseudo-locale).
    await page.goto('/settings');
    const timeline = page.getByRole('list', { name: pseudo('sharing.timeline.list') });
    await timeline.getByText(accent('You stopped sharing')).waitFor();
    const header = page.getByRole('heading', { name: pseudo('sharing.timeline.title') }).locator('..');
    await expectAllTranslated(page, header, 'the sharing timeline\'s heading', words);
    for (const line of await timeline.locator('li > span').all()) await expectAllTranslated(page, line, 'a line of the sharing timeline', words);

    // Emergency access: the dialog for a trustee with no kit yet, then the owner's emergency screen.
    await page.goto('/trustees');
    await card.getByRole('button', { name: pseudoStart('emergency.buttonLabel') }).click();
    await dialog.getByText(accent('has no trustee kit yet')).waitFor();
    await expectAllTranslated(page, dialog, 'the emergency access dialog, no kit', words);
    await page.keyboard.press('Escape');
    await page.goto('/emergency');
    await page.getByText(pseudo('emergency.nothingAsked')).waitFor();
    await expectAllTranslated(page, page.locator('main'), '/emergency', words);
    await context.close();
  });

  // session 24: the dashboard (web/features/dashboard), its wizard and panels.
  it('under the pseudo-locale, the dashboard (the banner, the wizard\'s four steps and their toasts, the cards, the panels, Quick Actions) leaves no English word of its own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['dashboard', 'profile-wizard']);
    await page.goto('/dashboard');
    const wizard = page.locator('[aria-labelledby="wizard-heading"]');
    const step = (id: MessageId) => wizard.getByRole('heading', { level: 3, name: pseudo(id) }).waitFor();
    const next = () => wizard.getByRole('button', { name: pseudo('dashboard.wizard.saveContinue') }).click();
    await step('dashboard.wizard.step1');
    const recommendations = page.locator('[aria-labelledby="recommendations-heading"]');
    await recommendations.locator('li').first().waitFor();
    // The recommendations themselves are the AI helper's words (English on the device), not the catalog's.
    await hideWords(recommendations.locator('li'));
    const astrology = page.locator('[aria-labelledby="astrology-heading"]');
    await astrology.getByText(pseudo('dashboard.astrology.noBirthdate')).waitFor();
    const parts = [
      [page.locator('main section').first(), 'the welcome banner'],
      [wizard, 'the wizard, step 1'],
      [page.locator('section[aria-labelledby="suggested-heading"]'), 'the cards'],
      [recommendations, 'the recommendations panel'],
      [astrology, 'the astrological panel, no birthdate'],
      [page.locator('[aria-labelledby="quick-actions-heading"]'), 'Quick Actions'],
    ] as const;
    for (const [part, where] of parts) await expectAllTranslated(page, part, where, words);
    expect(await page.locator('section[aria-labelledby="suggested-heading"]').textContent()).toContain(pseudo('dashboard.status.not-started'));

    // Step 1: the blank e-mail's toast, then saved with a birthdate; steps 2 to 4 and their toasts.
    await wizard.getByLabel(pseudo('dashboard.wizard.contactEmail')).fill(' ');
    await next();
    await expectToast(page, pseudo('dashboard.wizard.missingEmail'));
    await wizard.getByLabel(pseudo('dashboard.wizard.contactEmail')).fill('layla@example.com');
    await wizard.getByLabel(pseudo('dashboard.wizard.birthdate')).fill('1961-07-15');
    await next();
    await expectToast(page, pseudo('dashboard.wizard.toast1'), pseudo('dashboard.wizard.toast1Description'));
    await step('dashboard.wizard.step2');
    await expectAllTranslated(page, wizard, 'the wizard, step 2', words);
    await next();
    await expectToast(page, pseudo('dashboard.wizard.missingValue'));
    await wizard.getByRole('button', { name: new RegExp(pseudo('dashboard.value.family')) }).click();
    await next();
    await expectToast(page, pseudo('dashboard.wizard.toast2'), pseudo('dashboard.wizard.toast2Description'));
    await step('dashboard.wizard.step3');
    await expectAllTranslated(page, wizard, 'the wizard, step 3', words);
    await next();
    await expectToast(page, pseudo('dashboard.wizard.toast3'), pseudo('dashboard.wizard.toast3Description'));
    await step('dashboard.wizard.step4');
    await expectAllTranslated(page, wizard, 'the wizard, step 4', words);
    await wizard.getByRole('button', { name: pseudo('dashboard.wizard.finish') }).click();
    await expectToast(page, pseudo('dashboard.wizard.toast4'), pseudo('dashboard.wizard.toast4Description'));
    const note = page.getByText(pseudo('dashboard.complete.note'));
    await note.waitFor();
    await expectAllTranslated(page, note.locator('xpath=ancestor::div[1]'), 'the profile complete note', words);
    await expectAllTranslated(page, page.locator('main section').first(), 'the welcome banner, complete', words);
    // With a birthdate: the panel's tabs and headings (an insight itself is the AI helper's words).
    await astrology.getByRole('heading', { name: pseudo('dashboard.astrology.favorable') }).waitFor();
    await expectAllTranslated(page, astrology.getByRole('tablist'), 'the astrological panel\'s tabs', words);
    // session 27: the header's bell and its menu (nothing needs attention on a new account).
    await page.getByRole('button', { name: pseudo('bell.name') }).click();
    await page.getByRole('menu').getByText(pseudo('notifications.empty')).waitFor();
    await expectAllTranslated(page, page.getByRole('menu'), 'the Notifications menu', englishWords(['signed-in', 'notifications']));
    await context.close();
  });

  // session 24: the Settings screen's own cards (web/features/settings); the cards it shows from other
  // features (language, sharing, export, install, privacy) keep their own words; the keys' kit buttons are on the catalogs (session 27).
  it('under the pseudo-locale, Settings (release after death and its choices, readiness, the rehearsal, the recovery kit, activity, a toast) leaves no English word of its own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['settings', 'keys', 'server-words']);
    // An activity line to read: the waiting period set (a session just signed in may change it).
    const put = () => fetch('/api/release/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ waitingDays: 14 }) }).then((r) => r.status);
    expect(await page.evaluate(put)).toBe(200);
    await page.goto('/settings');
    const title = page.getByRole('heading', { level: 1, name: pseudo('settings.title') });
    await title.waitFor();
    const card = (id: MessageId) => page.locator('main div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: pseudo(id), exact: true }) }).last();
    const release = card('settings.release.title');
    await release.getByText(pseudo('settings.release.active')).waitFor();
    const readiness = card('settings.readiness.title');
    await readiness.getByRole('heading', { name: pseudo('settings.readiness.trustees') }).waitFor();
    // The server's own words, said from their codes (server-words, session 27): what is missing, and the activity lines.
    await readiness.locator('section[aria-labelledby="readiness-missing"] li').first().waitFor();
    const activity = card('settings.activity.title');
    await activity.locator('ol li').first().waitFor();
    await hideWords(activity.locator('ol li time')); // Intl's date ("… at 4:13 PM"), in the pseudo-locale's en-US
    const kit = card('settings.kit.title');
    await kit.getByTestId('recovery-kit-state').waitFor();
    await readiness.locator('summary').click(); // for the server's administrator
    const parts = [
      [page.locator('main div.mb-6', { has: title }), 'the header'],
      [release, 'release after death'],
      [readiness, 'would your plan work today'],
      [card('settings.rehearsal.title'), 'the rehearsal'],
      [kit, 'the recovery kit'],
      [activity, 'the activity'],
    ] as const;
    for (const [part, where] of parts) await expectAllTranslated(page, part, where, words);

    // The check-in interval's choices, and the verification e-mail's toast.
    await release.getByRole('combobox').first().click();
    await page.getByRole('option', { name: pseudo('settings.release.checkInOff') }).waitFor();
    await expectAllTranslated(page, page.getByRole('listbox'), 'the check-in intervals', words);
    await page.keyboard.press('Escape');
    await readiness.getByRole('button', { name: pseudo('settings.ownerEmail.send') }).click();
    await expectToast(page, pseudo('settings.ownerEmail.queued'));
    await context.close();
  });

  // session 27: the owner's release side (e2e/language-walk-release.ts): the binder card, Your data, the rehearsal.
  it('under the pseudo-locale, the family binder, Your data (its import question and toast) and Rehearse the release leave no English word of their own', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    await walkReleaseSide(page);
    await context.close();
  });
});
