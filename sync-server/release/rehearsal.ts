/**
 * "Rehearse the release" (Settings; issue "Promises kept"): what each recipient and each trustee
 * would receive at the release, built by the very functions the release uses (emails.ts
 * `renderEmail` with `deliveryEmailParams` / `trusteeAccessOf`, as deliveries.ts and trustees.ts
 * queue them and outbox.ts renders them), with every link replaced by PREVIEW_LINK. A sealed
 * account's trustees are shown as a release now would reach them: by their kit, or told that their
 * page cannot open (`cannotOpen`: fewer than k kits in force, or none of their own). Each e-mail is
 * in the language it will be sent in: the trustee's or recipient's as the owner chose it, else the
 * account's (service.ts `queue`; issue 44).
 *
 * Read-only by construction: it reads records, the owner's first name and the account's language
 * and nothing else; no
 * e-mail is queued, no token minted, no activity written, no state changed (rehearsal.test.ts
 * compares every release table before and after). Plain fields only (SECURITY.md "What the server
 * sees"): people are named by address, greeted "Hello,", as in the real e-mails; the owner's
 * device puts the names it holds beside the addresses.
 */
import type { ReleaseRehearsal, RehearsalEmail } from '../../shared/schema/release';
import { deliveryCardText, deliveryPlanText } from '../../shared/delivery-rule';
import { badAddress } from './deliveries';
import { type EmailKind, type EmailParams, PREVIEW_LINK, chosenLanguageParams, deliveryEmailParams, ownerParams, renderEmail, sendableAddress } from './emails';
import type { ReleaseRecords, ReleaseService } from './service';
import { trusteeInvalid, trusteeAccessOf } from './trustees';

/**
 * The rehearsal of `userId`'s release at `now` (ms). `release` gives the owner's first name and the
 * link base (both only read), `records` the owner's messages and trustees (plain view), `handedBy`
 * the trustees chosen to hand each message over (first, then backup; sync-server/kits/message-keys.ts
 * `list`), by message id: such a message (their recipient then gets no e-mail from us; the trustee gets
 * the "for you to hand over" one, as release/deliveries.ts sends it). `sealed`: the account's records
 * are sealed (account_keys.sealed_at), so its trustees' pages open only with kits.
 */
export async function rehearseRelease(
  release: Pick<ReleaseService, 'owner' | 'baseUrl' | 'store' | 'readerLanguage'>,
  records: ReleaseRecords,
  userId: string,
  now: number,
  handedBy: ReadonlyMap<string, readonly string[]> = new Map(),
  sealed = false,
): Promise<ReleaseRehearsal> {
  // The kits in force: a trustee's e-mail and page are those of a release now (trustees.ts trusteeAccessOf).
  const generations = await release.store.liveKitGenerations(userId);
  const current = generations.find((g) => g.live_at !== null);
  const kits = current ? await release.store.kitsOf(userId, current.generation) : [];
  const owner = ownerParams(await release.owner(userId));
  const ownerName = owner.ownerName;
  const accountLanguage = await release.readerLanguage(userId);
  const email = (kind: EmailKind, to: string, params: Partial<EmailParams>): RehearsalEmail => ({
    to,
    // The queue adds the owner's first name and name for e-mails, and the account's language unless
    // `params` names the reader's own, to every e-mail's params (service.ts `queue`); the outbox the base.
    ...renderEmail(kind, { ...owner, base: release.baseUrl(), lang: accountLanguage, ...params }, PREVIEW_LINK),
  });
  const messages = await records.list(userId, 'messages');
  const trustees = await records.list(userId, 'trustees');
  return {
    ownerName,
    previewLink: PREVIEW_LINK,
    recipients: messages.map((m) => {
      const when = m.delivered ? deliveryCardText(m, now) : deliveryPlanText(m.deliveryDate ?? null, now);
      const by = handedBy.get(m.id);
      if (by) {
        const handedOver = by.map((trusteeId) => {
          const t = trustees.find((x) => x.id === trusteeId);
          return { trusteeId, email: t && sendableAddress(t.email) ? email('trustee-handover', t.email, { ...chosenLanguageParams(t.language), messageId: m.id, trusteeId }) : null };
        });
        return { messageId: m.id, to: String(m.recipientEmail ?? ''), when, email: null, problem: null, handedOver };
      }
      const ok = sendableAddress(m.recipientEmail);
      return {
        messageId: m.id,
        to: String(m.recipientEmail ?? ''),
        when,
        email: ok ? email('delivery', m.recipientEmail, deliveryEmailParams(m)) : null,
        problem: ok ? null : badAddress(m.recipientEmail).text,
        handedOver: null,
      };
    }),
    trustees: trustees.map((t) => {
      const ok = sendableAddress(t.email);
      // In the trustee's language as the owner chose it, as trustees.ts queues it.
      const params = { ...chosenLanguageParams(t.language), ...trusteeAccessOf(t, sealed, kits, generations.length > 0) };
      return {
        trusteeId: t.id,
        to: String(t.email ?? ''),
        accessLevel: t.accessLevel,
        email: ok ? email('trustee-access', t.email, params) : null,
        problem: ok ? null : trusteeInvalid().text,
        cannotOpen: params.cannotOpen ?? null,
        ...(params.noKitsMade ? { noKitsMade: true } : {}),
      };
    }),
  };
}
