/**
 * Would the owner's plan work today? (issue #16 "Release readiness on Settings"). One answer
 * for the Settings panel: check-ins and the next reminder, each trustee's state, whether e-mail
 * (SMTP_URL) and PUBLIC_URL are configured, e-mails that will never arrive, and plain sentences
 * for what is missing. Read-only; the owner's session only (release/owner-routes.ts).
 */
import type { ReleaseKits, ReleaseReadiness, ReleaseTrustee, UndeliverableEmail } from '../../shared/schema/release';
import { linkBase, type AppConfig } from '../app-env';
import { CRITICAL_OWNER_KINDS, type EmailKind, type EmailParams, renderEmail } from './emails';
import type { Mailer } from './mailer';
import { waitingEmails } from './email-quotas';
import { isExecutorKit } from '../../shared/crypto/trustee-kit';
import type { ServerWord } from '../../shared/server-words';
import { serverWord } from './server-words';
import type { ReleaseService, ReleaseRecords } from './service';
import { DAY_MS, REMINDER_OFFSETS_DAYS, checkInDueAt } from './state-machine';
import { type ReleaseState } from './model';

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The owner's trustees with their invitation state (`GET /api/release/trustees`). */
export async function trusteesOf(release: ReleaseService, records: ReleaseRecords, userId: string): Promise<ReleaseTrustee[]> {
  const invitations = new Map((await release.store.invitations(userId)).map((i) => [i.trustee_id, i]));
  return (await records.list(userId, 'trustees')).map((t) => {
    const inv = invitations.get(t.id);
    const current = inv && inv.status !== 'removed' && inv.email.toLowerCase() === String(t.email).toLowerCase() ? inv : undefined;
    return {
      id: t.id,
      email: t.email,
      accessLevel: t.accessLevel,
      invitation: current ? (current.status as 'invited' | 'accepted') : 'pending',
      invitedAt: current ? iso(current.invited_at) : null,
      acceptedAt: current ? iso(current.accepted_at) : null,
      confirmedAt: current ? iso(current.confirmed_at) : null,
      bouncedAt: current ? iso(current.bounced_at) : null,
    };
  });
}

/** E-mails of `userId` that will never arrive, newest first (`onlyUnseenCritical` for the banner). */
export async function undeliverableOf(release: ReleaseService, userId: string, onlyUnseenCritical = false): Promise<UndeliverableEmail[]> {
  const ownerName = (await release.owner(userId)).firstName;
  return (await release.store.failedEmails(userId))
    .map((r) => ({ row: r, critical: CRITICAL_OWNER_KINDS.includes(r.kind as EmailKind) }))
    .filter(({ row, critical }) => !onlyUnseenCritical || (critical && row.seen_at === null))
    .map(({ row, critical }) => ({
      id: row.id,
      subject: renderEmail(row.kind as EmailKind, { ownerName, base: '' } as EmailParams).subject,
      to: row.to_addr,
      reason: row.failure,
      at: iso(row.failed_at)!,
      critical,
    }));
}

/** The readiness of `userId`'s plan under `config`, sending through `mailer`. */
export async function readinessOf(
  deps: { config: Pick<AppConfig, 'limits' | 'publicUrl' | 'port'>; now: () => number },
  release: ReleaseService,
  records: ReleaseRecords,
  mailer: Pick<Mailer, 'mode'>,
  userId: string,
  /** How many keys a release needs are not in the escrow (release-keys.ts undeposited); 0 when none or not sealed. */
  undeposited = 0,
  /** How many messages have no key for the kits in force (kits/message-keys.ts unbound); 0 when none or no kits. */
  unbound = 0,
  /** True when the account's records are sealed (release-keys.ts sealed): its trustees' pages open only with kits. */
  sealed = false,
): Promise<ReleaseReadiness> {
  const s = await release.state(userId);
  const owner = await release.owner(userId);
  const ownerEmailVerified = !!(await release.ownerAddress(userId));
  const emailsWaiting = await waitingEmails(release.store, deps.config.limits, userId, deps.now());
  const trustees = await trusteesOf(release, records, userId);
  const undeliverable = await undeliverableOf(release, userId);
  const due = checkInDueAt(s);
  const nextReminder = due !== null && s.remindersSent < REMINDER_OFFSETS_DAYS.length ? due + REMINDER_OFFSETS_DAYS[s.remindersSent]! * DAY_MS : null;
  // Once released the plan has been carried out: nothing can be "missing" any more (Settings says it was released).
  const released = s.phase === 'released';
  const missing: ServerWord[] = released ? [] : missingOf(deps.config, mailer, s, { email: owner.email, verified: ownerEmailVerified }, trustees, undeliverable, emailsWaiting);
  const kits = await kitsOf(release, userId, deps.now());
  // Once the escrow has ended there is nothing to deposit: the trustees' kits hold the release.
  if (!released && undeposited > 0 && !kits.escrowEnded) missing.unshift(serverWord('serverWords.missing.undeposited', { n: undeposited }));
  if (!released && unbound > 0 && kits.escrowEnded) missing.unshift(serverWord('serverWords.missing.unbound', { n: unbound }));
  if (!released) missing.push(...kitsMissing(kits, await release.store.liveKitGenerations(userId), sealed));
  return {
    phase: s.phase,
    releasedAt: iso(s.releasedAt),
    ready: !released && missing.length === 0,
    missing: missing.map((m) => m.text),
    missingItems: missing,
    email: mailer.mode,
    publicUrl: deps.config.publicUrl ?? null,
    linkBase: linkBase(deps.config),
    checkInDays: s.checkInDays,
    lastCheckInAt: new Date(s.lastCheckInAt).toISOString(),
    nextReminderAt: s.phase === 'active' ? iso(nextReminder) : null,
    nextReviewAt: s.phase === 'active' ? iso(await release.store.reviewDueAt(userId)) : null,
    ownerEmail: owner.email,
    ownerEmailVerified,
    emailsWaiting: emailsWaiting.map((w) => ({ what: w.what, count: w.count, until: iso(w.until)! })),
    trustees,
    undeliverable,
    kits,
  };
}

/** The trustee kits' readiness (issue "Release through trustees' key shares": n ≥ k + 1, k kits checked in the last year, the escrow ended). */
async function kitsOf(release: ReleaseService, userId: string, now: number): Promise<ReleaseKits> {
  const gen = (await release.store.liveKitGenerations(userId)).find((g) => g.live_at !== null);
  const all = gen ? await release.store.kitsOf(userId, gen.generation) : [];
  // Only kits of live, accepted trustees count: a removed trustee's kit no longer works. The
  // executor kit (kept with the will, tied to no trustee) always counts as one share.
  const kits = [];
  for (const k of all) if (isExecutorKit(k.trustee_id) || (await release.trusteeActor(userId, k.trustee_id))?.status === 'accepted') kits.push(k);
  const executor = all.find((k) => isExecutorKit(k.trustee_id));
  const checkedLastYear = kits.filter((k) => k.checked_at !== null && now - k.checked_at < 365 * DAY_MS).length;
  return {
    current: !!gen,
    k: gen?.k ?? null,
    n: gen ? kits.length : null,
    checkedLastYear,
    escrowEnded: await release.store.kitEscrowEnded(userId),
    removedHolders: all.length - kits.length,
    ...(executor && { executor: { madeAt: iso(executor.made_at)!, putAwayAt: iso(executor.handed_over_at), checkedAt: iso(executor.checked_at) } }),
  };
}

/**
 * The lines for the kits (shared/server-words.ts; their English is the plain sentences they were). A sealed account without kits in force is told that its trustees
 * could not open what it sealed (shared/release/without-kits.ts; nothing sealed is released to
 * trustees without kits); an account that is not sealed is released by its plain records as before.
 */
function kitsMissing(kits: ReleaseKits, live: ReadonlyArray<{ live_at: number | null; k: number }>, sealed: boolean): ServerWord[] {
  const out: ServerWord[] = [];
  const pending = live.find((g) => g.live_at === null);
  // The same words as shared/release/without-kits.ts withoutKitsText (k 0: no kits made yet).
  if (sealed && !kits.current) out.push(serverWord('serverWords.missing.withoutKits', { k: pending?.k ?? 0 }));
  if (pending && !kits.current) out.push(serverWord('serverWords.missing.kitsPending', { k: pending.k }));
  if (kits.current && kits.k !== null && kits.n !== null) {
    const { k, n } = kits;
    if (kits.removedHolders > 0) out.push(serverWord('serverWords.missing.kitHolderRemoved'));
    if (n < k) out.push(serverWord('serverWords.missing.kitsTooFew', { n, k, executor: kits.executor ? 'yes' : 'no' }));
    else if (n < k + 1) out.push(serverWord('serverWords.missing.kitsNoSpare', { k, n, spare: k + 1 }));
    if (kits.executor && kits.executor.putAwayAt === null) out.push(serverWord('serverWords.missing.executorNotPutAway'));
    if (kits.checkedLastYear < k) out.push(serverWord('serverWords.missing.kitsUnchecked', { checked: kits.checkedLastYear, k }));
  }
  return out;
}

/** The lines (shared/server-words.ts) for what would stop a plan that is not yet released from working today. */
function missingOf(
  config: Pick<AppConfig, 'publicUrl' | 'port'>,
  mailer: Pick<Mailer, 'mode'>,
  s: ReleaseState,
  owner: { email: string | null; verified: boolean },
  trustees: ReleaseTrustee[],
  undeliverable: UndeliverableEmail[],
  emailsWaiting: { quota: string; what: string; count: number; until: number }[],
): ServerWord[] {
  const missing: ServerWord[] = [];
  // Owner-facing words; the settings' names are in Settings under "For the server's administrator".
  if (mailer.mode === 'folder') missing.push(serverWord('serverWords.missing.emailNotSetUp'));
  if (!config.publicUrl) missing.push(serverWord('serverWords.missing.linksLocal', { url: linkBase(config) }));
  if (!owner.email) missing.push(serverWord('serverWords.missing.noOwnerEmail'));
  else if (!owner.verified) missing.push(serverWord('serverWords.missing.ownerEmailUnverified', { email: owner.email }));
  const accepted = trustees.filter((t) => t.invitation === 'accepted');
  if (s.checkInDays === 0 && accepted.length === 0) missing.push(serverWord('serverWords.missing.nothingStarts'));
  for (const t of trustees) {
    if (t.bouncedAt) missing.push(serverWord('serverWords.missing.trusteeBounced', { email: String(t.email) }));
    else if (t.invitation !== 'accepted') missing.push(serverWord('serverWords.missing.trusteeNotAccepted', { email: String(t.email) }));
  }
  for (const u of undeliverable) missing.push(serverWord('serverWords.missing.undeliverable', { subject: u.subject, to: u.to }));
  for (const w of emailsWaiting) {
    // `what` is the quota's English (email-quotas.ts QUOTA_WORDS): the catalog says each known quota itself.
    missing.push(serverWord('serverWords.missing.emailsWaiting', { count: w.count, quota: w.quota, what: w.what, untilAt: new Date(w.until).toISOString() }));
  }
  return missing;
}
