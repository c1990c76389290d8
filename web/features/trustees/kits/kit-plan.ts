/**
 * What the "Trustee kits" section says and allows (issue "Release through trustees' key shares":
 * k of n among accepted trustees, default 2 of at least 3, k = 1 with a plain warning, n ≥ k + 1
 * recommended, re-key required after a trustee is removed; Constraints "The escrow ends" and
 * "Fewer than k kits"): plain functions of the device's trustees, the server's trustee states and
 * kits, so the rules are tested without a screen. The notices' words are the `trustee-kits`
 * catalog's in the active language (./messages.ts; English word for word as before, issue 44).
 */
import type { ReleaseTrustee } from '../../../../shared/schema/release';
import type { AccessLevel } from '../../../../shared/schema/trustee';
import type { KitGeneration, KitsState } from './kits-api';
import { LIMITS } from '../../../../shared/schema/common';
import { isLanguage, type Language } from '../../../../shared/languages';
import { kitTooLongText, whoseKit, type KitPeople } from './kit-words';
import { t } from '../../../i18n/i18n';
import { nameList } from './messages';

/** A trustee who can hold a kit: accepted on the server, named on this device. */
export interface KitCandidate {
  id: string;
  name: string;
  /** The address on this device (plain: the server can rewrite it). */
  email: string;
  /** The owner's sealed copy of the address (kit-check.ts checks `email` against it); null for a trustee addressed before copies. */
  sealedEmail: string | null;
  /** True when this device refused the copy the server served (left out or older: web/db/refused-fields.ts): the address cannot be checked. */
  copyRefused?: boolean;
  /** The level the server lists (kit-check.ts checks it against the owner copy of the kit). */
  level: AccessLevel;
  /** The language the owner chose for this trustee (their e-mails, pages and printed kit); absent for "Same as yours". */
  language?: Language;
}

/** A trustee as this device holds it (the name is the owner's sealed words; the server knows only id, address and level). */
export interface LocalTrustee {
  id: string;
  /** ISO; kits are numbered in the order trustees were added. */
  createdAt?: string;
  name?: string | null;
  email: string;
  /** The owner's sealed copy of `email` (shared/schema/trustee.ts). */
  sealedEmail?: string | null;
  accessLevel: AccessLevel;
  /** The trustee's language as the owner chose it (shared/schema/trustee.ts); null for the owner's. */
  language?: string | null;
}

/** A year, for "checked in the last year" (the yearly kit check, issue "A kit that lasts decades"). */
export const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The trustees who can hold a kit, in the order they were added on this device: those the server
 * lists as accepted and this device still holds (a trustee removed here is never offered).
 * `refusedCopies`: the ids whose sealed address copy this device refused at its pull
 * (refusedIds(db, 'trustees', 'sealedEmail')), marked `copyRefused`.
 */
export function kitCandidates(local: readonly LocalTrustee[], server: readonly ReleaseTrustee[], refusedCopies: ReadonlySet<string> = new Set()): KitCandidate[] {
  const accepted = new Map(server.filter((t) => t.invitation === 'accepted').map((t) => [t.id, t]));
  return [...local]
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id))
    .filter((t) => accepted.has(t.id))
    .map((t) => ({ id: t.id, name: t.name?.trim() || t.email, email: t.email, sealedEmail: t.sealedEmail ?? null, ...(refusedCopies.has(t.id) ? { copyRefused: true } : {}), level: accepted.get(t.id)!.accessLevel, ...(isLanguage(t.language) ? { language: t.language } : {}) }));
}

/** The default number of kits needed out of `n`: 2 when there are at least 2 trustees, else 1. */
export const defaultThreshold = (n: number): number => (n >= 2 ? 2 : Math.max(1, n));

/**
 * Ids of the trustees who hold a kit of `gen` but are no longer accepted trustees on this device and
 * the server. The executor kit belongs to no trustee: it is never one of them.
 */
export function removedKitHolders(gen: KitGeneration | null, candidates: readonly KitCandidate[]): string[] {
  if (!gen) return [];
  const live = new Set(candidates.map((c) => c.id));
  return gen.kits.filter((k) => !k.executor && !live.has(k.trusteeId)).map((k) => k.trusteeId);
}

/**
 * Whether the kits setup starts with "Add an executor kit" ticked: off for the first kits (issue
 * "Fewer than k kits": optional), on when re-keying kits that have one (a re-key makes a new
 * executor kit too; the old one stops with its generation).
 */
export const executorByDefault = (shown: KitGeneration | null): boolean => !!shown?.kits.some((k) => k.executor);

/** How many of `gen`'s kits were checked (handed over, or the yearly check) within the last year before `now` (ms). */
export function checkedWithinYear(gen: KitGeneration, now: number): number {
  return gen.kits.filter((k) => k.checkedAt && now - Date.parse(k.checkedAt) <= YEAR_MS).length;
}

/** One thing the section says: `warning` asks for action or states a risk; `info` explains. */
export interface KitNotice {
  id: 'no-kits' | 'too-few' | 'one-kit' | 'no-spare' | 'escrow' | 'rekey' | 'pending' | 'unchecked' | 'without-kit';
  tone: 'warning' | 'info';
  /** What it means, in plain words (issue 38 item 8), in the active language. */
  text: string;
  /** How it works, shown behind "How this works" (TrusteeKitsSection.tsx); none when the text says it all. */
  detail?: string;
}

/** 'yes' when `gen` has an executor kit, which counts once the owner puts it away (ExecutorKitRow.tsx): the ICU select of the notices that say how kits are handed over. */
const withExecutor = (gen: KitGeneration): 'yes' | 'no' => (gen.kits.some((k) => k.executor) ? 'yes' : 'no');

/**
 * The notices about the kits the server holds (`state`) and, while the owner is choosing (`choiceK`
 * not null), about making kits for all `candidates` (and the executor kit with `choiceExecutor`: one
 * more kit) with `choiceK` of them needed, in the order they matter. `names` gives a removed
 * trustee's name when this device still knows it; `now` in ms.
 */
export function kitNotices(input: {
  state: KitsState;
  candidates: readonly KitCandidate[];
  choiceK: number | null;
  choiceExecutor?: boolean;
  now: number;
  names?: ReadonlyMap<string, string>;
}): KitNotice[] {
  const { state, candidates, choiceK, now } = input;
  // The kits being chosen: one per accepted trustee, and the executor kit when chosen (issue "Fewer than k kits").
  const choiceN = candidates.length + (input.choiceExecutor && candidates.length > 0 ? 1 : 0);
  const out: KitNotice[] = [];
  const current = state.current;
  const shown = state.pending ?? current;
  if (!current) {
    // What happens today without kits in force (SECURITY.md "The escrow until k kits"): nothing
    // sealed opens for trustees, and the escrow sends the messages at the end of the waiting period.
    // In plain words first (issue 38 item 8), the why and the escrow behind "How this works".
    const k = state.pending?.k ?? choiceK;
    out.push({ id: 'no-kits', tone: 'warning', text: t('trusteeKits.notice.noKits', { k: k ?? 0 }), detail: t('trusteeKits.notice.noKitsDetail') });
  }
  // The split spoken of: the one being chosen, else the kits handed over now.
  const split = choiceK !== null ? { k: choiceK, n: choiceN } : shown && { k: shown.k, n: shown.n };
  if (choiceK !== null && choiceN < Math.max(choiceK, 1)) {
    out.push({
      id: 'too-few',
      tone: 'warning',
      text:
        candidates.length === 0
          ? t('trusteeKits.notice.noneAccepted')
          : choiceN > candidates.length
            ? t('trusteeKits.notice.tooFewExecutor', { accepted: candidates.length, n: choiceN, k: choiceK })
            : t('trusteeKits.notice.tooFew', { accepted: candidates.length, k: choiceK }),
    });
  }
  if (split && split.k === 1 && split.n >= 1) {
    out.push({
      id: 'one-kit',
      tone: 'warning',
      text: t('trusteeKits.notice.oneKit'),
    });
  }
  if (split && split.n >= split.k && split.n < split.k + 1) {
    out.push({
      id: 'no-spare',
      tone: 'warning',
      text: t('trusteeKits.notice.noSpare', { n: split.n }),
    });
  }
  if (shown && !state.escrowEnded) {
    out.push({
      id: 'escrow',
      tone: 'warning',
      text: t('trusteeKits.notice.escrow', { k: shown.k }),
      detail: t('trusteeKits.notice.escrowDetail', { executor: withExecutor(shown) }),
    });
  }
  const removed = removedKitHolders(shown, candidates);
  if (removed.length > 0) {
    const known = removed.map((id) => input.names?.get(id)).filter((n): n is string => !!n);
    const text =
      known.length === removed.length
        ? t('trusteeKits.notice.rekeyNamed', { names: nameList(known), count: removed.length, k: shown!.k })
        : t('trusteeKits.notice.rekeyUnnamed', { count: removed.length, k: shown!.k });
    out.push({ id: 'rekey', tone: 'warning', text });
  }
  if (state.pending && current) {
    out.push({
      id: 'pending',
      tone: 'info',
      text: t('trusteeKits.notice.pending', { k: state.pending.k, executor: withExecutor(state.pending) }),
    });
  }
  if (current && !state.pending && checkedWithinYear(current, now) < current.k) {
    out.push({
      id: 'unchecked',
      tone: 'warning',
      text: t('trusteeKits.notice.unchecked', { k: current.k }),
    });
  }
  if (shown) {
    const holders = new Set(shown.kits.map((x) => x.trusteeId));
    const without = candidates.filter((c) => !holders.has(c.id));
    if (without.length > 0) {
      out.push({
        id: 'without-kit',
        tone: 'info',
        text: t('trusteeKits.notice.withoutKit', { names: nameList(without.map((c) => c.name)), count: without.length }),
      });
    }
  }
  return out;
}

/**
 * Whether each of `kits` will print on one page, checked when kits are made, before any is handed
 * over (issue 38): a kit whose names are within the schema's limits always fits, in any letter the
 * font has and on any web address (kit-pdf-names.test.ts sets the widest at the limits); longer
 * names (a record from elsewhere) may not. Returns the owner's words for the first kit that may
 * not fit, or null when all will.
 */
export function kitsTooLongText(kits: readonly { people: KitPeople; executor: boolean }[]): string | null {
  const tooLong = kits.find(
    ({ people: p, executor }) =>
      p.ownerFirstName.length > LIMITS.name || p.ownerName.length > 2 * LIMITS.name + 1 || (!executor && p.trusteeName.length > LIMITS.name),
  );
  return tooLong ? kitTooLongText(whoseKit(tooLong.people.trusteeName, tooLong.executor), 'make') : null;
}
