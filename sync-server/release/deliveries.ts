/**
 * Deliveries after release (DESIGN.md §8; issue #16 "Re-addressing after release"). Every due
 * message of a released account is delivered once; what it was delivered as (address, a hash
 * of its text) is kept in `release_deliveries`, so a later change is noticed on the next pass:
 *   - a new recipient address: the old link is revoked (it already stops working at once, since
 *     a delivery link names its address, public-routes.ts) and the message goes to the new one;
 *   - a new text: re-delivered to the same recipient, saying it was changed (README.md rule).
 * Each account runs in its own transaction (`isolated`): a bad message never stops another
 * account's deliveries (issue #15).
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-env';
import type { SyncRecordService as RecordService } from '../records'; // issue #19 step 2: await RecordService instead
import { sendableAddress } from './emails';
import type { ReleaseService } from './service';

const hashOf = (text: unknown) => createHash('sha256').update(typeof text === 'string' ? text : '').digest('hex');

/** Queues what is due for every released account. Returns how many e-mails were queued. */
export function queueDueDeliveries(deps: AppDeps, release: ReleaseService, records: RecordService): number {
  const { store } = release;
  let n = 0;
  const deliverAccount = (userId: string): number => {
    let queued = 0;
    const now = deps.now();
    for (const m of records.list(userId, 'messages')) {
      if (m.deliveryDate && Date.parse(m.deliveryDate) > now) continue;
      if (!sendableAddress(m.recipientEmail)) {
        release.problem(userId, 'message-invalid', `A message (for ${m.recipientName || 'no name'}) has no valid e-mail address, so it cannot be delivered. Add one on the Messages page.`);
        continue;
      }
      const params = { recipientName: m.recipientName, messageId: m.id };
      const bodyHash = hashOf(m.messageContent);
      const d = store.delivery(userId, m.id);
      const put = (round: number) =>
        store.putDelivery({ user_id: userId, message_id: m.id, addr: m.recipientEmail, body_hash: bodyHash, round, queued_at: now });
      if (!d) {
        if (release.queue(userId, 'delivery', m.recipientEmail, `delivery:${m.id}`, params)) queued += 1;
        put(1);
      } else if (d.addr.toLowerCase() !== m.recipientEmail.toLowerCase()) {
        store.revokeSubject(userId, m.id, now, 'delivery');
        if (release.queue(userId, 'delivery', m.recipientEmail, `delivery:${m.id}:${d.round + 1}`, params)) queued += 1;
        if (m.delivered) records.write(userId, 'messages', m.id, { delivered: false });
        store.addActivity(userId, now, 'message-readdressed', `The message for ${m.recipientName} is being sent to ${m.recipientEmail}; the link sent to ${d.addr} no longer works.`);
        put(d.round + 1);
      } else if (d.body_hash !== bodyHash) {
        if (release.queue(userId, 'delivery-updated', m.recipientEmail, `delivery:${m.id}:${d.round + 1}`, params)) queued += 1;
        store.addActivity(userId, now, 'message-changed', `The message for ${m.recipientName} was changed after it was delivered; ${m.recipientName} is told, with a new link.`);
        put(d.round + 1);
      }
    }
    return queued;
  };
  for (const userId of store.releasedUsers()) n += release.isolated(userId, 'delivering your messages', () => deliverAccount(userId)) ?? 0;
  return n;
}
