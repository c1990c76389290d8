/**
 * A lying server against the release pages (issue 39 "No back door", Freshness): the pages a
 * recipient and a trustee open after the release (web/release/page-data.ts fetchPageData, then
 * open.ts openPage: what main.ts and the kit page run) against the real server (Hono over a SQLite
 * file, the release run to `released` with trustee kits), its answers replaced by the test the way a
 * lying server would: a letter's, a document's, a plan's and a task's field served as the envelope
 * the owner replaced, with that envelope's own old HLC; a document and a task hidden by a plain
 * `_deleted: true` the owner's devices never wrote. Each page refuses what is older than the owner's
 * last version and says so in words; a record the owner deleted stays away without a word; the page
 * sends nothing but its one GET.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc, parseHlc } from '../../shared/sync/hlc';
import type { DeliveryPageData, TrusteePageData } from '../../shared/release/pages';
import type { ServerRecord } from '../../shared/sync/protocol';
import { linkOf } from '../../sync-server/test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../../sync-server/test/smtp-test-server';
import { notOpenedText } from './not-opened';
import { notOpenedValue, openPage, type PageData } from './open';
import { t } from './words';
import { fetchPageData } from './page-data';
import { CANARY, release, sealedOwner, syncOnce, type Owner } from './test-release';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const NEW = { letter: 'My dearest, this is the letter I mean.', document: 'The will of 2026', obituary: 'She lived by the sea.', task: 'Call the bank today' };

/** A record as the server stores it now. */
const storedOf = async (o: Owner, collection: ServerRecord['collection'], id: string) => structuredClone((await o.w.t.services.store.get(o.w.userId, collection, id))!);

/**
 * A released sealed account (kits 2 of 2) whose letter, document `d1`, plan and task were written
 * once, then replaced on another of the owner's devices, and whose document `d2` that device
 * deleted. Returns the states the server held before the changes.
 */
async function releasedWithHistory() {
  const o = await sealedOwner(smtp, true);
  const { w } = o;
  const old = { m1: await storedOf(o, 'messages', 'm1'), d1: await storedOf(o, 'documents', 'd1'), plan: await storedOf(o, 'deathPlan', w.userId), task: await storedOf(o, 'survivorTasks', 'task1') };
  const db = await w.device();
  const keys = await w.keysFor();
  await syncOnce(db, keys, w);
  await db.write('messages', 'm1', { messageContent: NEW.letter });
  await db.write('documents', 'd1', { documentName: NEW.document });
  await db.write('documents', 'd2', { _deleted: true });
  await db.write('deathPlan', w.userId, { obituary: NEW.obituary });
  await db.write('survivorTasks', 'task1', { title: NEW.task });
  await syncOnce(db, keys, w);
  db.close();
  const kits = (await release(o, true))!;
  return { o, old, kits };
}

/**
 * The page's own fetch of `path`'s data (fetchPageData) over the real app, its JSON answer
 * rewritten by `lie`; every request the page makes is kept.
 */
function lyingFetch(o: Owner, lie: (data: never) => void) {
  const sent: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    sent.push(`${init?.method ?? 'GET'} ${url}${init?.body ? ` ${String(init.body)}` : ''}`);
    const res = await o.w.t.app.request(url, init);
    if (!res.ok) return res;
    const data = await res.json();
    lie(data as never);
    return new Response(JSON.stringify(data), { status: res.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return sent;
}

/** Sets `field` of `data`'s value and its place in `sealed.clocks` to `old`'s (an older envelope with its own HLC). */
function replay(clocks: Record<string, Record<string, string>>, key: string, field: string, old: ServerRecord) {
  clocks[key]![field] = old.clocks[field]!;
  return old.values[field];
}

/** An HLC after every clock of `r`, as a server minting its own would write it. */
const laterThan = (r: ServerRecord) => formatHlc({ ms: parseHlc(Object.values(r.clocks).sort().at(-1)!)!.ms + 1000, counter: 0, node: '5e5e5e5e5e5e5e5e' });

describe('a lying server against the release pages', () => {
  it('a recipient’s letter served as the envelope its writer replaced, with its own old HLC: the page shows no words and says why', async () => {
    const { o, old } = await releasedWithHistory();
    const link = new URL(linkOf(await smtp.waitFor(o.addr('annabella'), /A message from/)));
    const token = link.pathname.split('/').at(-1)!;
    // The honest page first: the letter as its writer left it.
    const sentHonest = lyingFetch(o, () => {});
    const honest = await openPage('d', (await fetchPageData('d', token))!, link.hash.slice(1));
    expect(honest.message.messageContent).toBe(NEW.letter);
    expect(sentHonest).toEqual([`GET /api/delivery/${token}/data`]);

    const sent = lyingFetch(o, (data: DeliveryPageData) => {
      data.message.messageContent = replay(data.sealed!.clocks, 'messages/m1', 'messageContent', old.m1) as string;
    });
    const data = (await fetchPageData('d', token)) as PageData['d'];
    await expect(openPage('d', data, link.hash.slice(1))).rejects.toThrow(t('releasePage.message.stale'));
    expect(sent).toEqual([`GET /api/delivery/${token}/data`]);
  });

  it('a trustee’s page: a replaced document name, obituary and task title served old, and a document and a task hidden by a plain `_deleted`, are named; the owner’s own deletion is not', async () => {
    const { o, old, kits } = await releasedWithHistory();
    const { w } = o;
    const grace = await kits.open('tr1');
    const token = grace.page.split('/').at(-1)!;
    lyingFetch(o, () => {});
    const honest = await openPage('t', (await fetchPageData('t', token))!, null, grace.keys);
    expect(honest.notOpened).toBeUndefined();
    expect(honest.documents!.map((d) => d.documentName)).toEqual([NEW.document]); // d2: deleted by its owner, gone without a word
    expect([honest.plan?.obituary, honest.tasks?.map((t) => t.title)]).toEqual([NEW.obituary, [NEW.task]]);

    // Older envelopes with their own HLCs.
    const sent = lyingFetch(o, (data: TrusteePageData) => {
      const s = data.sealed!;
      data.documents!.find((d) => d.id === 'd1')!.documentName = replay(s.clocks, 'documents/d1', 'documentName', old.d1) as string;
      for (const r of s.records!) {
        const from = r.collection === 'deathPlan' ? old.plan : r.collection === 'survivorTasks' ? old.task : null;
        const field = r.collection === 'deathPlan' ? 'obituary' : 'title';
        if (from) [r.values[field], r.clocks[field]] = [from.values[field], from.clocks[field]!];
      }
    });
    const rolled = await openPage('t', (await fetchPageData('t', token))!, null, grace.keys);
    expect(sent).toEqual([`GET /api/trustee/access/${token}/data`]);
    expect(rolled.documents!.map((d) => d.documentName)).toEqual([notOpenedValue()]);
    expect(rolled.plan?.obituary ?? null).toBeNull();
    expect(rolled.tasks!.map((t) => t.title)).toEqual([notOpenedValue()]);
    for (const word of [CANARY.document, CANARY.obituary, CANARY.task]) expect(JSON.stringify(rolled)).not.toContain(word);
    expect(notOpenedText(rolled.notOpened!)).toBe('3 entries on this page could not be opened, because they were changed or damaged: the name of a document; the obituary in the plan; the title of a task.');

    // The same old name beside a version whose key id the server changed (read as a key the page lacks): still refused.
    lyingFetch(o, (data: TrusteePageData) => {
      const s = data.sealed!;
      data.documents!.find((d) => d.id === 'd1')!.documentName = replay(s.clocks, 'documents/d1', 'documentName', old.d1) as string;
      s.versions!['documents/d1']!._version = (s.versions!['documents/d1']!._version as string).replace(/^v1\.docs~\d+\./, 'v1.docs~9.');
    });
    const rekeyed = await openPage('t', (await fetchPageData('t', token))!, null, grace.keys);
    expect(rekeyed.documents!.map((d) => d.documentName)).toEqual([notOpenedValue()]);

    // A document and a task hidden by a plain `_deleted` the owner's devices never wrote (a careless operator, a lying server).
    globalThis.fetch = realFetch;
    for (const [collection, id] of [['documents', 'd1'], ['survivorTasks', 'task1']] as const) {
      const now = await storedOf(o, collection, id);
      await w.t.services.store.applyChanges(w.userId, [{ collection, id, hlc: laterThan(now), fields: { _deleted: true } }]);
    }
    const sentHidden = lyingFetch(o, () => {});
    const hidden = await openPage('t', (await fetchPageData('t', token))!, null, grace.keys);
    expect(sentHidden).toEqual([`GET /api/trustee/access/${token}/data`]);
    expect(hidden.notOpened).toEqual(['whether a document was deleted', 'whether a task was deleted']);
    expect(notOpenedText(hidden.notOpened!)).toMatch(/^2 entries on this page could not be opened/);
  });
});
