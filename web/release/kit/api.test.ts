/**
 * The kit page's logic against the real server (the Hono app over a real SQLite file, kits made as
 * the owner's device makes them: sync-server/kits/kit-test-support.ts): the page's calls (api.ts),
 * its steps (steps.ts) as the server's answers move through handover, the yearly check, the
 * waiting for confirmations and the release, and the released kit opening its level's keys in the
 * "browser" (released.ts kitLevelKeys). Every request body the page sends is recorded: none holds
 * the kit secret t, the confirmation holds the share alone.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import type { Kit } from '../../../shared/crypto/trustee-kit';
import { LEVEL_KEYS, ownerWithTrustees, postKits } from '../../../sync-server/test/kit-test-support';
import { linkOf, outboxFiles, REPORTED, runFor } from '../../../sync-server/test/release-test-support';
import { DAY_MS } from '../../../sync-server/release/state-machine';
import { kitApi, KitApiError, type KitApi } from './api';
import { kitLevelKeys } from './released';
import { fitOf, stepOf } from './steps';

/** An owner with three trustees (full, documents-only, full), kits made 2 of 3, and the page's calls for each (every request recorded). */
async function world() {
  const { o, trustees } = await ownerWithTrustees(['grace', 'milo', 'june'], ['full', 'documents-only', 'full']);
  const { made, tokens } = await postKits(o, trustees, 2);
  const sent: { url: string; body: string }[] = [];
  const fetchFn = async (url: string, init?: RequestInit) => {
    sent.push({ url, body: typeof init?.body === 'string' ? init.body : '' });
    return o.t.app.request(url, init);
  };
  const kit = (i: number): Kit => made.kits[i]!.kit;
  const [grace, milo, june] = tokens.map((t) => kitApi(t, fetchFn)) as [KitApi, KitApi, KitApi];
  /** Nothing the page sent holds a kit secret. */
  const noSecretSent = () => {
    for (const k of made.kits) for (const r of sent) expect(r.body).not.toContain(toB64url(k.kit.t));
  };
  return { o, trustees, made, kit, grace, milo, june, sent, fetchFn, noSecretSent };
}

describe('the kit page against the real server', () => {
  it('verifies a kit against the server’s commitment, hands it over, checks it; another kit’s commitment is refused by name; a re-key retires it', async () => {
    const { o, trustees, made, kit, grace, milo, fetchFn, noSecretSent } = await world();
    let info = (await grace.info())!;
    expect(info).toMatchObject({ ownerFirstName: 'Ada', generation: 1, index: 1, k: 2, status: 'pending', phase: 'active', handedOverAt: null, fingerprint: made.kits[0]!.fingerprint });
    expect(await fitOf(info, kit(0))).toBe('ok');
    expect(await fitOf(info, kit(1))).toBe('other-kit');
    expect(stepOf(info, true)).toBe('handover');
    expect(stepOf(info, false)).toBe('need-link');
    await grace.handover(info.commitment);
    info = (await grace.info())!;
    expect(info.handedOverAt).toEqual(expect.any(String));
    expect(stepOf(info, false)).toBe('check');
    expect(stepOf(info, true)).toBe('kit-good');
    await grace.check();
    expect((await grace.info())!.checkedAt).toEqual(expect.any(String));
    const refused = await milo.handover(info.commitment).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(KitApiError);
    expect(refused).toMatchObject({ status: 422, message: 'This is not the kit this link was made for' });
    expect(await kitApi('AAAAAAAAAAAAAAAAAAAAAA', fetchFn).info()).toBeNull();
    await expect(grace.access()).rejects.toMatchObject({ status: 403 });
    await milo.handover((await milo.info())!.commitment);
    expect((await grace.info())!.status).toBe('current');
    noSecretSent();

    // Re-keyed: the new kits are pending (not in use while the old ones act) until k are handed over; then the old ones are replaced.
    const next = await postKits(o, trustees, 2, 2);
    const newer = next.tokens.map((t) => kitApi(t, fetchFn));
    expect(stepOf((await newer[0]!.info())!, true)).toBe('handover');
    for (const page of newer.slice(0, 2)) await page.handover((await page.info())!.commitment);
    const old = (await grace.info())!;
    expect(old.status).toBe('retired');
    expect(stepOf(old, true)).toBe('retired');
    await expect(grace.check()).rejects.toMatchObject({ status: 410 });
  });

  it('confirms with the share only, refuses another kit’s share, goes back to the yearly check on “I’m still here”, and opens the level’s keys after the release', async () => {
    const { o, kit, grace, milo, june, sent, noSecretSent } = await world();
    for (const page of [grace, milo]) await page.handover((await page.info())!.commitment);
    // Grace reports; the waiting period ends; the current kits are asked to confirm.
    await o.t.services.scheduler.runOnce(); // the accepted trustees' welcome, with its report link
    const report = outboxFiles(o.t.deps.config.dataDir).find((e) => e.to.includes(o.addr('grace')) && /Thank you for being/.test(e.subject))!;
    expect((await o.open(linkOf(report), 'POST', REPORTED)).status).toBe(200);
    for (let day = 0; day < 40 && (await grace.info())!.phase === 'waiting'; day++) await runFor(o, 1, DAY_MS);
    let info = (await grace.info())!;
    expect(info.phase).toBe('awaiting-confirmations');
    expect(stepOf(info, false)).toBe('confirm');
    await expect(grace.access()).rejects.toMatchObject({ status: 403 });
    expect(await grace.confirm(toB64url(kit(0).share))).toEqual({ confirmations: 1, needed: 2, released: false });
    info = (await grace.info())!;
    expect(info).toMatchObject({ confirmed: true, confirmations: 1 });
    expect(stepOf(info, false)).toBe('confirmed');
    await expect(june.confirm(toB64url(kit(1).share))).rejects.toMatchObject({ status: 422 }); // not June's share
    // "I'm still here" (the owner signed in): the confirmations are erased, and the page is back to the yearly check.
    expect((await o.t.call('POST', '/api/release/cancel', {}, o.cookie)).status).toBe(200);
    info = (await grace.info())!;
    expect(info).toMatchObject({ phase: 'active', confirmed: false, confirmations: 0 });
    expect(stepOf(info, false)).toBe('check');
    await expect(grace.confirm(toB64url(kit(0).share))).rejects.toMatchObject({ status: 409 });
    // Silence again: Grace reports, the waiting period ends, and this time two confirm.
    await o.open(linkOf(report), 'POST', REPORTED);
    for (let day = 0; day < 40 && (await grace.info())!.phase === 'waiting'; day++) await runFor(o, 1, DAY_MS);
    expect(await grace.confirm(toB64url(kit(0).share))).toMatchObject({ confirmations: 1, released: false });
    expect(await milo.confirm(toB64url(kit(1).share))).toMatchObject({ confirmations: 2, released: true });
    info = (await milo.info())!;
    expect(stepOf(info, true)).toBe('released');

    // Milo's kit opens his level's keys, and only with his own t.
    const opened = await kitLevelKeys(milo, info, kit(1));
    expect(opened.keys).toEqual(new Map(LEVEL_KEYS['documents-only']));
    expect(opened.pageToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await expect(kitLevelKeys(milo, info, { ...kit(1), t: kit(0).t })).rejects.toThrow(/Your kit could not open what Ada left/);
    expect((await kitLevelKeys(grace, (await grace.info())!, kit(0))).keys).toEqual(new Map(LEVEL_KEYS.full));
    noSecretSent();
    const confirms = sent.filter((r) => r.url.endsWith('/confirm'));
    expect(confirms).toHaveLength(5);
    for (const r of confirms) expect(Object.keys(JSON.parse(r.body) as object)).toEqual(['share']);
  });
});
