/**
 * Deliveries after release (DESIGN.md §8; issue #16 "Re-addressing after release"). Every due
 * message of a released account is delivered once; what it was delivered as (address, a hash
 * of its text) is kept in `release_deliveries`, so a later change is noticed on the next pass:
 *   - a new recipient address: the old link is revoked (it already stops working at once, since
 *     a delivery link names its address, public-routes.ts) and the message goes to the new one;
 *   - a new text: re-delivered to the same recipient, saying it was changed (README.md rule).
 * Each account runs in its own transaction (`isolated`): a bad message never stops another
 * account's deliveries (issue #15).
 *
 * E-mail quotas (SECURITY.md "Limits"): a first delivery counts against `releaseEmailsPerDay`,
 * a re-delivery (new text or new address) against `redeliveriesPerDay`. Re-deliveries are
 * coalesced: a recipient e-mailed by this account in the last day (any delivery) is not e-mailed
 * again before that day is over; the change stays noticed (what was delivered is not updated)
 * and goes out, once, with the text as it is then, on the first pass after the day.
 */
import type { AppDeps } from '../app-env';
import { isDeliveryDue } from '../../shared/delivery-rule';
import { chosenLanguageParams, deliveryEmailParams, sendableAddress } from './emails';
import { DAY_MS } from './state-machine';
import type { HandoverOf, ReleaseService, ReleaseTx, ReleaseRecords } from './types';
import { serverWord } from './server-words';
import type { ServerWord } from '../../shared/server-words';

/**
 * What a delivery remembers of what it sent: the message's plain `contentRevision` (the server
 * cannot read a sealed text; every write that changes the type, text or file gives it a fresh
 * random token, shared/sync/record.ts addDerivedFields; older records hold a count, which
 * compares the same way). Only equality matters: a changed letter after delivery is re-delivered
 * once. Deliveries made before kept a hash of the text (no `rev:` prefix): such a one counts as
 * unchanged and is brought up to date.
 */
const revisionOf = (m: { contentRevision?: number | string }) => `rev:${m.contentRevision ?? 0}`;
const isRevision = (stored: string) => stored.startsWith('rev:');

/**
 * Queues what is due for every released account. Returns how many e-mails were queued. Each
 * account's queueing is one transaction; a re-addressed message loses its `delivered` mark
 * through the record service after that transaction commits (the transaction body may run
 * more than once, so it writes nothing outside the release store).
 */

/** The activity line for a message that cannot be delivered, naming its address (plain), never its recipient (sealed). */
export function badAddress(address: unknown): ServerWord {
  const a = typeof address === 'string' ? address.trim().slice(0, 80) : '';
  return a ? serverWord('serverWords.problem.messageInvalid', { address: a }) : serverWord('serverWords.problem.messageNoAddress');
}

/**
 * `handoverOf` (kits/message-keys.ts) names the trustees of a message a trustee hands over
 * ("Hand-delivered messages", README.md "Trustee kits"): on its date (or at the release) each of
 * them is e-mailed, once, that a letter is theirs to hand over, with their kit page; the
 * recipient is sent nothing by the server, now or later.
 */
export async function queueDueDeliveries(deps: AppDeps, release: ReleaseService, records: ReleaseRecords, handoverOf?: HandoverOf): Promise<number> {
  const { store } = release;
  let n = 0;
  const deliverAccount = async (tx: ReleaseTx, userId: string) => {
    let queued = 0;
    let waiting = false;
    const undeliver: string[] = [];
    const now = deps.now();
    for (const m of await records.list(userId, 'messages')) {
      // On its date, or at the release when the date has passed (shared/delivery-rule.ts).
      if (!isDeliveryDue(m, now)) continue;
      if (!sendableAddress(m.recipientEmail)) {
        await release.problem(tx, userId, 'message-invalid', badAddress(m.recipientEmail));
        continue;
      }
      const handover = handoverOf ? await handoverOf(tx, userId, m.id) : null;
      if (handover !== null) {
        if (await tx.delivery(userId, m.id)) continue; // its trustees were told once
        for (const h of handover) {
          const t = await records.get(userId, 'trustees', h.trusteeId);
          if (t && sendableAddress(t.email) && (await release.queue(tx, userId, 'trustee-handover', t.email, `handover:${m.id}:${h.trusteeId}`, { ...chosenLanguageParams(t.language), messageId: m.id, trusteeId: h.trusteeId, kitToken: h.kitToken }))) queued += 1;
        }
        // A message to be handed over whose key no released kit opens.
        if (!handover.length) await release.problem(tx, userId, 'message-handover-unbound', serverWord('serverWords.problem.handoverUnbound'));
        await tx.putDelivery({ user_id: userId, message_id: m.id, addr: m.recipientEmail, body_hash: revisionOf(m), round: 1, queued_at: now });
        continue;
      }
      const params = deliveryEmailParams(m); // the same as the rehearsal shows (rehearsal.ts)
      const bodyHash = revisionOf(m);
      const d = await tx.delivery(userId, m.id);
      const changed = !!d && isRevision(d.body_hash) && d.body_hash !== bodyHash;
      const put = (round: number) =>
        tx.putDelivery({ user_id: userId, message_id: m.id, addr: m.recipientEmail, body_hash: bodyHash, round, queued_at: now });
      if (!d) {
        if (await release.queue(tx, userId, 'delivery', m.recipientEmail, `delivery:${m.id}`, params)) queued += 1;
        await put(1);
      } else if ((d.addr.toLowerCase() !== m.recipientEmail.toLowerCase() || changed) && (await tx.recentDeliveryTo(userId, m.recipientEmail, now - DAY_MS))) {
        waiting = true;
      } else if (d.addr.toLowerCase() !== m.recipientEmail.toLowerCase()) {
        await tx.revokeSubject(userId, m.id, now, 'delivery');
        if (await release.queue(tx, userId, 'delivery', m.recipientEmail, `delivery:${m.id}:${d.round + 1}`, params, 'redelivery')) queued += 1;
        if (m.delivered) undeliver.push(m.id);
        await tx.addActivity(userId, now, 'message-readdressed', serverWord('serverWords.activity.messageReaddressed', { to: m.recipientEmail, from: d.addr }));
        await put(d.round + 1);
      } else if (changed) {
        if (await release.queue(tx, userId, 'delivery-updated', m.recipientEmail, `delivery:${m.id}:${d.round + 1}`, params)) queued += 1;
        await tx.addActivity(userId, now, 'message-changed', serverWord('serverWords.activity.messageChanged', { to: m.recipientEmail }));
        await put(d.round + 1);
      } else if (!isRevision(d.body_hash)) {
        await put(d.round); // a delivery from before revisions: remember the revision it carries now
      }
    }
    // One line for the account (the same text all day: `problem` writes it once a day).
    if (waiting) await release.problem(tx, userId, 'message-update-waiting', serverWord('serverWords.problem.updateWaiting'));
    return { queued, undeliver };
  };
  for (const userId of await store.releasedUsers()) {
    const out = await release.isolated(userId, 'delivering your messages', (tx) => deliverAccount(tx, userId));
    if (!out) continue;
    n += out.queued;
    for (const id of out.undeliver) {
      await release.guarded(userId, 'delivering your messages', () => records.write(userId, 'messages', id, { delivered: false, deliveredAt: null, openedAt: null }));
    }
  }
  return n;
}
