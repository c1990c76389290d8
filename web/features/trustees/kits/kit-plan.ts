/**
 * What the "Trustee kits" section says and allows (issue "Release through trustees' key shares":
 * k of n among accepted trustees, default 2 of at least 3, k = 1 with a plain warning, n ≥ k + 1
 * recommended, re-key required after a trustee is removed; Constraints "The escrow ends" and
 * "Fewer than k kits"): plain functions of the device's trustees, the server's trustee states and
 * kits, so the rules are tested without a screen.
 */
import type { ReleaseTrustee } from '../../../../shared/schema/release';
import type { AccessLevel } from '../../../../shared/schema/trustee';
import type { KitGeneration, KitsState } from './kits-api';
import { withoutKitsWords } from '../../../../shared/release/without-kits';
import { LIMITS } from '../../../../shared/schema/common';
import { isLanguage, type Language } from '../../../../shared/languages';
import { kitTooLongText, whoseKit, type KitPeople } from './kit-words';

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
  /** What it means, in plain words (issue 38 item 8). */
  text: string;
  /** How it works, shown behind "How this works" (TrusteeKitsSection.tsx); none when the text says it all. */
  detail?: string;
}

const kitsWord = (n: number) => (n === 1 ? '1 kit' : `${n} kits`);

/** How a kit of `gen` is handed over: a trustee keeps theirs; the executor kit counts once the owner puts it away (ExecutorKitRow.tsx). */
const handedOverHow = (gen: KitGeneration): string =>
  `a trustee chooses “Keep this kit” on their kit’s page${gen.kits.some((k) => k.executor) ? ', and you put the executor kit away' : ''}`;

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
    out.push({ id: 'no-kits', tone: 'warning', ...withoutKitsWords(state.pending?.k ?? choiceK) });
  }
  // The split spoken of: the one being chosen, else the kits handed over now.
  const split = choiceK !== null ? { k: choiceK, n: choiceN } : shown && { k: shown.k, n: shown.n };
  if (choiceK !== null && choiceN < Math.max(choiceK, 1)) {
    out.push({
      id: 'too-few',
      tone: 'warning',
      text:
        candidates.length === 0
          ? 'No trustee has accepted yet, so no kits can be made. A kit can only go to a trustee who has accepted their invitation.'
          : `Only ${candidates.length} of your trustees ${candidates.length === 1 ? 'has' : 'have'} accepted${choiceN > candidates.length ? ` (${kitsWord(choiceN)} with the executor kit)` : ''}, and ${kitsWord(choiceK)} would be needed. Until enough trustees accept, nothing sealed can be released through kits.`,
    });
  }
  if (split && split.k === 1 && split.n >= 1) {
    out.push({
      id: 'one-kit',
      tone: 'warning',
      text: 'With 1 kit needed, the server and that one trustee together could read what you have sealed before your death. Choose 2 or more if you can.',
    });
  }
  if (split && split.n >= split.k && split.n < split.k + 1) {
    out.push({
      id: 'no-spare',
      tone: 'warning',
      text: `All ${kitsWord(split.n)} would be needed: if one is lost, or one trustee cannot be reached, nothing sealed can be released. We recommend at least one more trustee than the kits needed.`,
    });
  }
  if (shown && !state.escrowEnded) {
    out.push({
      id: 'escrow',
      tone: 'warning',
      text: `Until ${kitsWord(shown.k)} ${shown.k === 1 ? 'has' : 'have'} been handed over, Afterword keeps a spare key to your messages so that it can still send them, which means whoever runs Afterword could read them. Once enough kits are handed over, the spare key is deleted.`,
      detail: `This spare key is called the escrow. A kit is handed over when its trustee chooses “Keep this kit” on their kit’s page${shown.kits.some((k) => k.executor) ? ', or when you put the executor kit away' : ''}. From then on only your trustees’ kits, together, can open what you sealed, and the copy on the server is deleted.`,
    });
  }
  const removed = removedKitHolders(shown, candidates);
  if (removed.length > 0) {
    const known = removed.map((id) => input.names?.get(id)).filter((n): n is string => !!n);
    const who =
      known.length === removed.length
        ? `${known.join(', ')} ${removed.length === 1 ? 'is' : 'are'} no longer your ${removed.length === 1 ? 'trustee' : 'trustees'}, but ${removed.length === 1 ? 'that kit still counts' : 'those kits still count'}`
        : removed.length === 1
          ? 'one of your kits belongs to someone who is no longer your trustee, and it still counts'
          : `${removed.length} of your kits belong to people who are no longer your trustees, and they still count`;
    out.push({
      id: 'rekey',
      tone: 'warning',
      text: `Re-key needed: ${who}. Make new kits; the old ones stop working once ${shown!.k === 1 ? '1 of the new kits has' : `${shown!.k} of the new kits have`} been handed over.`,
    });
  }
  if (state.pending && current) {
    out.push({
      id: 'pending',
      tone: 'info',
      text: `New kits are waiting to be handed over. Your earlier kits keep working until ${state.pending.k === 1 ? '1 of the new kits has' : `${state.pending.k} of the new kits have`} been handed over (${handedOverHow(state.pending)}).`,
    });
  }
  if (current && !state.pending && checkedWithinYear(current, now) < current.k) {
    out.push({
      id: 'unchecked',
      tone: 'warning',
      text: `Fewer than ${kitsWord(current.k)} ${current.k === 1 ? 'was' : 'were'} checked in the last year. Ask your trustees to open their kit and check it, so you know enough of them can still be found.`,
    });
  }
  if (shown) {
    const holders = new Set(shown.kits.map((x) => x.trusteeId));
    const without = candidates.filter((c) => !holders.has(c.id));
    if (without.length > 0) {
      out.push({
        id: 'without-kit',
        tone: 'info',
        text: `${without.map((c) => c.name).join(', ')} ${without.length === 1 ? 'has' : 'have'} accepted but ${without.length === 1 ? 'has' : 'have'} no kit. Re-key to include ${without.length === 1 ? 'them' : 'everyone'}.`,
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
  return tooLong ? kitTooLongText(whoseKit(tooLong.people.trusteeName, tooLong.executor), 'make the kits') : null;
}
