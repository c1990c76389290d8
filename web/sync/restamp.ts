/**
 * Changes the server refused because their timestamp was too far ahead of its clock (rule 3) are
 * not the person's fault and must not be lost (rule 17): once the response has taught the device
 * the server's time, each such change gets a fresh timestamp from the corrected clock and stays in
 * the outbox, in its place, to be pushed again. The local fields stamped with the refused HLC take
 * the new one; the values do not change.
 */
import { formatHlc, MAX_CLOCK_DRIFT_MS, parseHlc, type Hlc } from '../../shared/sync/hlc';
import type { UserDatabase } from '../db/user-database';

/** True for a rejection reason that says the change's timestamp was too far ahead (rule 3). */
export const isClockRefusal = (reason: string) => /ahead of this clock/.test(reason);

/**
 * Re-stamps the outbox changes `hlcs` (in outbox order). When the clock itself runs too far ahead
 * (it issued those timestamps), it is first moved back to the greatest timestamp within the limit
 * among those this device holds, `seen` (the server's state of the refused records, sent with the
 * rejections) and the corrected time; so each new timestamp beats what the server holds for those
 * records. Use inside the response's transaction.
 */
export async function restampRefused(db: UserDatabase, hlcs: readonly Hlc[], seen: readonly Hlc[] = []): Promise<void> {
  if (hlcs.length === 0) return;
  const limit = db.correctedNow() + MAX_CLOCK_DRIFT_MS;
  const within = (h: Hlc) => (parseHlc(h)?.ms ?? Infinity) <= limit;
  if (!within(db.clock.last())) {
    let floor = formatHlc({ ms: Math.max(0, Math.floor(db.correctedNow())), counter: 0, node: '0' });
    for (const h of seen) if (h > floor && within(h)) floor = h;
    await db.dexie.fieldState.each((row) => {
      for (const h of Object.values(row.clocks)) if (h > floor && within(h)) floor = h;
    });
    await db.rewindClock(floor);
  }
  const rows = (await db.dexie.outbox.where('hlc').anyOf([...hlcs]).toArray()).sort((a, b) => a.seq! - b.seq!);
  for (const row of rows) {
    const fresh = db.clock.tick();
    const state = await db.readState(row.collection, row.id);
    const clocks = { ...state.clocks };
    for (const [field, h] of Object.entries(clocks)) if (h === row.hlc) clocks[field] = fresh;
    await db.storeState(row.collection, row.id, { values: state.values, clocks });
    await db.dexie.outbox.update(row.seq!, { hlc: fresh });
  }
}
