/**
 * The browser release path through trustees' kits (issue "Release through trustees' key shares",
 * "Tests": the browser release path), in the built app with the test clock: the owner, registered
 * in the browser, writes two letters, adds three trustees who accept, makes 2-of-3 kits on the
 * device, and chooses that Alan hands Henry's letter over; Grace and Alan keep their kits on their
 * phones. Grace reports the death; after the waiting period the trustees are asked to confirm; one
 * confirms and the owner's "I'm still here" cancels with nothing combined. Reported again, two
 * confirm with their kit links, the release happens; Alan's kit page opens his level and gives him
 * Henry's letter to send himself (the rehearsal said so beforehand); Iris's letter comes by the server's e-mail; Henry hears nothing
 * from the server, and both letters open in the recipient's browser. axe at 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HANDOVER_RULE_TEXT } from '../shared/delivery-rule';
import { DAY_MS } from '../sync-server/release/state-machine';
import { DELIVERY_WORDS } from '../web/features/message-vault/delivery-words';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, poll, registerViaUi, uniqueUser, useMailSuite } from './harness';
import { addTrusteeViaUi, choose, expectToast, openDialog } from './record-screens';
import { reportPassing } from './report-passing';

describe.skipIf(!hasChromium)('release through trustees’ kits, in the browser', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  const local = (link: string) => {
    const u = new URL(link);
    return `${suite.server.url}${u.pathname}${u.search}${u.hash}`;
  };
  const advance = async (ms: number) =>
    expect((await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) })).status).toBe(200);
  const kitState = async (link: string) => (await (await fetch(`${suite.server.url}/api/kit/${new URL(link).pathname.split('/')[2]}`)).json()) as { phase: string; confirmations: number };

  /** A trustee confirms the death on their phone with their saved kit link. */
  async function confirmWithLink(link: string, first: string): Promise<void> {
    const phone = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: `Confirm only if you know ${first} has died` }).waitFor({ timeout: 20_000 });
    await phone.getByLabel(`I know that ${first} has died.`).check();
    await phone.getByRole('button', { name: `Confirm that ${first} has died` }).click();
    await phone.getByRole('heading', { level: 1, name: /^(Thank you for confirming|What .* left for you)$/ }).waitFor({ timeout: 20_000 });
    await phone.context().close();
  }

  it('kits made on the device; a confirmation cancelled by "I\'m still here"; two confirm; each trustee and recipient opens theirs; axe at 390 px', { timeout: 400_000 }, async () => {
    const owner: Page = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    const user = uniqueUser('Ada');
    await registerViaUi(owner, user);
    const tag = user.username;
    const addr = (who: string) => `${who}.${tag}@example.com`;
    const letters = { henry: `Henry ${tag}: finish the boat, and sail it.`, iris: `Iris ${tag}: the bees are yours now.` };

    // Two letters; three trustees, who accept.
    await owner.goto('/message-vault');
    for (const who of ['henry', 'iris'] as const) {
      await owner.getByRole('button', { name: /New Message|Create Your First Message/ }).first().click();
      const dialog = openDialog(owner);
      await dialog.getByLabel('Recipient Name').fill(who === 'henry' ? 'Henry' : 'Iris');
      await dialog.getByLabel('Recipient Email').fill(addr(who));
      await dialog.getByLabel('Your Message').fill(letters[who]);
      await dialog.getByRole('button', { name: 'Save Message' }).click();
      await expectToast(owner, 'Message created');
      await dialog.waitFor({ state: 'detached' });
    }
    await owner.goto('/trustees');
    const trustees = [
      { name: 'Grace Hopper', who: 'grace', level: 'Full Access' },
      { name: 'Alan Turing', who: 'alan', level: 'Full Access' },
      { name: 'Mary Somerville', who: 'mary', level: 'Documents Only' },
    ];
    for (const t of trustees) await addTrusteeViaUi(owner, t.name, addr(t.who), t.level);
    for (const t of trustees) {
      const invite = await suite.smtp.waitFor(addr(t.who), /asked you to be a trustee/, 30_000);
      expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
    }

    // Kits, 2 of 3, made on the owner's device; Grace and Alan keep theirs.
    await owner.reload();
    await owner.getByRole('button', { name: 'Make kits' }).click({ timeout: 20_000 });
    await expectToast(owner, 'Kits made');
    const links: Record<string, string> = {};
    for (const t of trustees) {
      const field = owner.getByLabel(`Kit link for ${t.name}`);
      await field.waitFor({ timeout: 20_000 });
      links[t.who] = (await field.inputValue()).replace(/^https?:\/\/[^/]+/, suite.server.url);
    }
    for (const who of ['grace', 'alan']) {
      const phone = await (await mobileContext(suite.browser, suite.server.url)).newPage();
      await phone.goto(links[who]!);
      await phone.getByRole('button', { name: 'Keep this kit' }).click();
      await phone.getByText(/Your kit is kept/).first().waitFor();
      await phone.context().close();
    }

    // Henry's letter: Alan hands it over (the edit form's choice, once the kits are in force).
    await owner.goto('/message-vault');
    const henry = owner.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Henry' });
    await henry.getByRole('button', { name: 'Edit message to Henry' }).click();
    const dialog = openDialog(owner);
    const group = dialog.getByRole('group', { name: DELIVERY_WORDS.legend });
    await group.waitFor({ timeout: 20_000 });
    await group.getByText(DELIVERY_WORDS.trustee).click();
    await choose(owner, DELIVERY_WORDS.who, 'Alan Turing');
    await dialog.getByRole('button', { name: 'Update Message' }).click();
    await expectToast(owner, 'Message updated');
    await dialog.waitFor({ state: 'detached' });
    const modes = () => owner.evaluate(async () => ((await (await fetch('/api/kits/messages')).json()) as { messages: { mode: string }[] }).messages.map((m) => m.mode).sort());
    await poll(modes, 30_000).toEqual(['server', 'trustee']);
    // The rehearsal says so: Henry gets no e-mail from Afterword, Alan hands his letter over.
    await owner.goto('/settings/rehearsal');
    await owner.getByText('Afterword sends them no e-mail: Alan Turing hands this letter over, with the link their kit opens.', { exact: false }).waitFor({ timeout: 20_000 });

    // Grace reports the death; after the waiting period the kit holders are asked to confirm.
    const welcome = await suite.smtp.waitFor(addr('grace'), /Thank you for being/);
    const reportLink = local(welcome.links[0]!);
    expect((await reportPassing(reportLink)).status).toBe(200);
    await advance(8 * DAY_MS);
    await suite.smtp.waitFor(addr('grace'), /Please confirm only if you know Ada has died/, 30_000);
    await confirmWithLink(links.grace!, 'Ada');
    expect(await kitState(links.grace!)).toMatchObject({ phase: 'awaiting-confirmations', confirmations: 1 });

    // The owner is still here: the banner says what is happening, and cancelling erases the confirmation.
    await owner.reload();
    await owner.getByText('Your trustees are being asked to confirm').waitFor({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(owner, 'the owner while trustees are asked to confirm, at 390 px');
    await owner.getByRole('button', { name: "I'm still here" }).click();
    await expectToast(owner, "We're glad you're here");
    expect(await kitState(links.grace!)).toMatchObject({ phase: 'active', confirmations: 0 });

    // Reported again; this time Grace and Alan confirm with their kit links: the release happens.
    expect((await reportPassing(reportLink)).status).toBe(200);
    await advance(8 * DAY_MS);
    await poll(async () => (await kitState(links.grace!)).phase, 30_000).toBe('awaiting-confirmations');
    await confirmWithLink(links.grace!, 'Ada');
    await confirmWithLink(links.alan!, 'Ada');
    await poll(async () => (await kitState(links.alan!)).phase, 30_000).toBe('released');

    // Iris's letter comes by the server's e-mail and opens in her browser; Henry hears nothing from the server.
    const toIris = await suite.smtp.waitFor(addr('iris'), /A message from Ada/, 30_000);
    const iris = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await iris.goto(local(toIris.links[0]!));
    await iris.getByText(letters.iris).waitFor({ timeout: 20_000 });
    await iris.context().close();

    // Alan's kit page opens his level and gives him Henry's letter to send from his own e-mail.
    const alan = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await alan.goto(links.alan!);
    await alan.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await alan.getByRole('heading', { name: 'Letters for you to hand over' }).waitFor({ timeout: 20_000 });
    await alan.getByText(`For ${addr('henry')}.`).waitFor();
    await expectNoSeriousA11yViolations(alan, 'the kit page with letters to hand over, at 390 px');
    // What his page says of each letter is its real state: Henry's is his to hand over, never "being sent".
    const lineFor = (page: Page, who: string) => page.getByRole('region', { name: 'Messages' }).getByRole('listitem').filter({ hasText: addr(who) });
    await lineFor(alan, 'henry').getByText('for you to hand over: send the link from your trustee kit page by your own e-mail; not opened yet', { exact: false }).waitFor();
    expect(await lineFor(alan, 'henry').textContent()).not.toContain('being sent');
    await alan.getByRole('region', { name: 'Messages' }).getByText(HANDOVER_RULE_TEXT).waitFor();
    const handLink = (await alan.locator('code.link').first().textContent())!;
    expect(new URL(handLink).hash.length).toBeGreaterThan(1);
    const mailto = await alan.getByRole('link', { name: 'Send by e-mail' }).first().getAttribute('href');
    expect(decodeURIComponent(mailto!)).toContain(handLink);
    await alan.context().close();
    const henryPage = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await henryPage.goto(local(handLink));
    await henryPage.getByText(letters.henry).waitFor({ timeout: 20_000 });
    expect(await henryPage.evaluate(() => location.hash)).toBe('');
    await henryPage.context().close();
    expect(suite.smtp.to(addr('henry'))).toEqual([]);

    // Grace's page names who hands Henry's letter over, and then that he opened it; the owner's vault says the same.
    const grace = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await grace.goto(links.grace!);
    await grace.getByRole('button', { name: 'Open what Ada left for you' }).click();
    await lineFor(grace, 'henry').getByText(/handed over, opened on [A-Z][a-z]+ \d{1,2}, \d{4}/).waitFor({ timeout: 20_000 });
    await lineFor(grace, 'iris').getByText(/sent on [A-Z][a-z]+ \d{1,2}, \d{4}/).waitFor();
    await grace.context().close();
    await owner.goto('/message-vault');
    await owner.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Henry' }).getByText(/^Handed over, opened on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor({ timeout: 20_000 });
  });
});
