/**
 * Sends queued release emails (DESIGN.md §8). Each email is claimed before it is sent and marked
 * sent after, so two runs never send it twice; a failed send is retried by a later run, up to
 * MAX_ATTEMPTS. Links are minted here, at send time, so the queue never holds a raw token.
 * After a delivery email goes out, the message becomes `delivered` through the record merge,
 * so the owner's devices see it on their next sync.
 */
import type { AppDeps } from '../app-env';
import type { TokenPurpose } from '../db/release';
import type { RecordService } from '../records';
import { type EmailKind, type EmailParams, renderEmail } from './emails';
import type { Mailer } from './mailer';
import type { ReleaseService } from './service';
import { mintToken } from './tokens';

export const MAX_ATTEMPTS = 8;
/** A claim older than this is considered abandoned (the process died mid-send). */
const CLAIM_STALE_MS = 10 * 60_000;

/** The public path of each kind of link (routes in release/public-routes.ts). */
export const LINK_PATHS: Record<Exclude<TokenPurpose, never>, string> = {
  invite: '/api/trustee/invite/',
  report: '/api/trustee/report/',
  access: '/api/trustee/access/',
  delivery: '/api/delivery/',
  cancel: '/api/still-here/',
};

/** Which link an email carries: purpose and subject. */
function linkOf(kind: EmailKind, userId: string, p: EmailParams): { purpose: TokenPurpose; subjectId: string } | null {
  switch (kind) {
    case 'trustee-invite':
      return { purpose: 'invite', subjectId: p.trusteeId! };
    case 'trustee-welcome':
      return { purpose: 'report', subjectId: p.trusteeId! };
    case 'trustee-access':
      return { purpose: 'access', subjectId: p.trusteeId! };
    case 'delivery':
      return { purpose: 'delivery', subjectId: p.messageId! };
    case 'owner-waiting-started':
      return { purpose: 'cancel', subjectId: userId };
    default:
      return null;
  }
}

/** Sends every pending email once. Returns how many were sent. Never throws for a failed send. */
export async function sendPendingEmails(
  deps: AppDeps,
  release: ReleaseService,
  records: RecordService,
  mailer: Mailer,
): Promise<number> {
  const { store } = release;
  let sent = 0;
  for (const row of store.pendingEmails(MAX_ATTEMPTS, deps.now() - CLAIM_STALE_MS)) {
    const now = deps.now();
    if (!store.claimEmail(row.id, now, now - CLAIM_STALE_MS)) continue;
    const kind = row.kind as EmailKind;
    // Links from configuration only, at send time (issue #16): a base stored in an old row is ignored.
    const params = { ...(JSON.parse(row.params) as EmailParams), base: release.baseUrl() };
    try {
      const link = linkOf(kind, row.user_id, params);
      let url: string | undefined;
      if (link) {
        // One live link per subject and purpose: a new one (a resend) replaces the old.
        store.revokeSubject(row.user_id, link.subjectId, now, link.purpose);
        const expiresAt = kind === 'owner-waiting-started' ? params.endsAt : undefined;
        url = `${params.base}${LINK_PATHS[link.purpose]}${mintToken(store, { userId: row.user_id, ...link, now, expiresAt })}`;
      }
      await mailer.send({ to: row.to_addr, ...renderEmail(kind, params, url) });
      store.markSent(row.id, deps.now());
      sent += 1;
      if (kind === 'delivery' && params.messageId) {
        const m = records.get(row.user_id, 'messages', params.messageId);
        if (m && !m.delivered) records.write(row.user_id, 'messages', params.messageId, { delivered: true });
      }
    } catch (err) {
      store.markFailed(row.id, err instanceof Error ? err.message : String(err));
      console.error(`Release email ${row.id} (${kind}) failed:`, err instanceof Error ? err.message : err);
    }
  }
  return sent;
}
