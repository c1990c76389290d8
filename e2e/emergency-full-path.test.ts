/**
 * Emergency access end to end, then the death release (issue 43, "Tests that must fail on today's
 * code": an unrefused request opens exactly the items marked for emergencies and no letter; the
 * death release afterwards still delivers every letter), in the built app at 390 px with the
 * server's test clock. The owner, registered in the browser, has two documents, a plan and a
 * letter for Iris, and Maria as accepted trustee with a kit she keeps; in the owner's "Emergency
 * access" dialog on Maria's card she chooses the will and the plan's Music section. Maria asks on
 * her kit page; nobody refuses; after the wait her page opens exactly those two (not the insurance
 * policy, not the letter; axe on the opened view), nothing is released and Iris has no e-mail.
 * Then Maria reports the death, the waiting period passes, she confirms with her kit, and Iris's
 * letter comes by e-mail and opens. Before that, the owner's Settings timeline names Maria's request,
 * the wait's end and her opening ("The owner always knows"). The owner's side before the dialog is written through the
 * app's forms (plan-via-ui.ts), as the kit release path does.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../sync-server/release/state-machine';
import { advanceServerClock, expectNoSeriousA11yViolations, hasChromium, kitStateOf, mobileContext, onServer, poll, registerViaUi, uniqueUser, useMailSuite } from './harness';
import { confirmWithLink, keepKit, makeKitsViaUi } from './kit-steps';
import { addDocumentLinkViaUi, addMessageViaUi, addSongViaUi } from './plan-via-ui';
import { addAcceptedTrustees, allChangesSaved, expectToast, openDialog, openSignedIn } from './record-screens';
import { reportPassing } from './report-passing';

const HOUR_MS = 60 * 60 * 1000;

describe.skipIf(!hasChromium)('emergency access chosen in the owner’s dialog, opened by the trustee, then the death release', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  it('opens exactly the marked items and no letter after the wait, releases nothing; the death release then delivers the letter (390 px, axe)', async () => {
    // The owner's phone without the service worker (never offline here; its install is about 2.4 s of
    // Chromium's CPU, issue 41). The trustees' kit and release pages never register the app's.
    const ownerContext = await mobileContext(suite.browser, suite.server.url, { serviceWorkers: 'block' });
    const owner = await ownerContext.newPage();
    const user = uniqueUser('Ada');
    await registerViaUi(owner, user);
    const tag = user.username;
    const addr = (who: string) => `${who}.${tag}@example.com`;
    const will = `Will ${tag}`;
    const insurance = `Insurance ${tag}`;
    const song = `Clair de lune (${tag})`;
    const letter = `Iris ${tag}: the bees are yours now.`;

    await addDocumentLinkViaUi(owner, { type: 'Will & Testament', name: will, url: 'https://files.example.com/will.pdf', original: 'Top drawer of the oak desk' });
    await addDocumentLinkViaUi(owner, { type: 'Insurance', name: insurance, url: 'https://files.example.com/insurance.pdf' });
    await openSignedIn(owner, '/death-plan');
    await addSongViaUi(owner, song, 'Plan created successfully');
    await addMessageViaUi(owner, 'Iris', addr('iris'), letter);

    // Maria accepts, and keeps the kit made on the owner's device (one trustee: 1 of 1).
    await openSignedIn(owner, '/trustees');
    await addAcceptedTrustees(owner, { smtp: suite.smtp, serverUrl: suite.server.url }, [{ name: 'Maria Lopez', email: addr('maria') }]);
    const link = onServer(suite.server.url, (await makeKitsViaUi(owner, ['Maria Lopez']))[0]!);
    await keepKit(suite.browser, link);

    // The owner's dialog: the will and the plan's Music section, the default wait of 48 hours.
    await allChangesSaved(owner);
    await owner.getByRole('button', { name: 'Emergency access: Maria Lopez' }).click();
    const dialog = openDialog(owner);
    await dialog.getByRole('checkbox', { name: will }).check();
    await dialog.getByRole('checkbox', { name: 'My plan: Music' }).check();
    await dialog.getByText('Maria Lopez can open these 2 items if they ask and you do not refuse within 48 hours.').waitFor();
    await dialog.getByRole('button', { name: 'Save emergency access' }).click();
    await expectToast(owner, 'Emergency access saved');
    await dialog.waitFor({ state: 'detached' });
    await allChangesSaved(owner);
    await owner.close(); // the owner's device goes quiet: no check-in, no refusal (its context keeps the session and keys)

    // Maria asks on her kit page; nobody refuses; the wait passes (the scheduler's pass grants).
    const maria = await (await mobileContext(suite.browser)).newPage();
    await maria.goto(link);
    const card = maria.getByRole('region', { name: 'Emergency access' });
    await card.getByText(/you can ask to open what Ada chose for an emergency \(2 things\)/).waitFor();
    await card.getByRole('button', { name: 'Ask for emergency access' }).click();
    await card.getByText(/^You asked for emergency access on .+\. Ada has been told and can refuse until /).waitFor();
    await advanceServerClock(suite.server.url, 48 * HOUR_MS + 60_000);
    await maria.reload();
    await card.getByRole('button', { name: 'Open what Ada chose for an emergency' }).click();
    await card.getByRole('heading', { name: 'What Ada chose for an emergency' }).waitFor();
    const items = card.getByRole('article');
    expect(await items.count()).toBe(2);
    await items.getByRole('heading', { name: will }).waitFor();
    await items.getByRole('heading', { name: 'My plan: Music' }).waitFor();
    await items.getByText('Top drawer of the oak desk').waitFor();
    await items.getByText(song).waitFor();
    const shown = await maria.locator('body').innerText();
    expect(shown).not.toContain(insurance);
    expect(shown).not.toContain(letter);
    await expectNoSeriousA11yViolations(maria, 'the trustee’s opened emergency access, 390 px');
    expect(await maria.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await maria.context().close();
    // Not the death path: nothing released, no letter sent.
    expect((await kitStateOf(suite.server.url, link)).phase).toBe('active');
    expect(suite.smtp.to(addr('iris'))).toEqual([]);

    // The owner always knows: Settings' timeline names Maria's request, the wait's end, the key handed out and her opening.
    const back = await ownerContext.newPage();
    await back.goto('/settings');
    const timeline = back.getByRole('list', { name: 'Sharing timeline' });
    await timeline.getByText('Maria Lopez asked for emergency access.').waitFor();
    await timeline.getByText("Maria Lopez's wait ended and nobody refused: they could open what you marked for emergencies.").waitFor();
    // The server's note that it handed her page the key, and her page's own word that it opened the items (once per grant).
    expect(await timeline.getByText('Maria Lopez was handed the key to what you marked for emergencies.').count()).toBeGreaterThanOrEqual(1);
    expect(await timeline.getByText('Maria Lopez opened what you marked for emergencies.').count()).toBe(1);
    await expectNoSeriousA11yViolations(back, 'Settings’ timeline of an emergency, 390 px');
    await ownerContext.close();

    // Then Ada dies: Maria reports it, the waiting period passes, she confirms with her kit.
    const welcome = await suite.smtp.waitFor(addr('maria'), /Thank you for being/);
    expect((await reportPassing(onServer(suite.server.url, welcome.links[0]!))).status).toBe(200);
    await poll(async () => (await kitStateOf(suite.server.url, link)).phase).toBe('waiting');
    await advanceServerClock(suite.server.url, 7 * DAY_MS + 60_000); // the default waiting period
    await poll(async () => (await kitStateOf(suite.server.url, link)).phase).toBe('awaiting-confirmations');
    await confirmWithLink(suite.browser, link, 'Ada');
    await poll(async () => (await kitStateOf(suite.server.url, link)).phase).toBe('released');

    // Every letter is still delivered: Iris's comes by the server's e-mail and opens in her browser.
    const toIris = await suite.smtp.waitFor(addr('iris'), /A message from Ada/);
    const iris = await (await mobileContext(suite.browser)).newPage();
    await iris.goto(onServer(suite.server.url, toIris.links[0]!));
    await iris.getByText(letter).waitFor();
    await iris.context().close();
  });
});
