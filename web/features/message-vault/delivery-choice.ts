/**
 * How each message's key reaches its recipient once the account has trustee kits (README.md
 * "Trustee kits"; sync-server/kits/message-keys.ts). The owner chooses per message:
 *
 * - "The server delivers it" (the default): this device makes a gate G_m (32 random bytes) and
 *   wraps the message key under messageDeliveryKey(Q, G_m); after a release the server, which
 *   then has Q, opens it and e-mails the recipient the link with the key.
 * - "A trustee hands it over": the message key is wrapped ONLY under handoverKey(Q, G_j, t_j) of
 *   the chosen trustee (and optionally a backup), which the server cannot derive; that trustee's
 *   kit page gives them the link to send from their own e-mail. The wrap is bound to the letter's
 *   address (hand-over version 2, SealedChoices.address; wrapped again when it changes), so the
 *   page that opens the key has proved whom to send it to.
 *
 * Q, G_j and t_j come from the owner copy of the kits (openOwnerCopy, under AK). Wraps are made
 * for every live generation (the current one and a pending one), so re-keying needs only this
 * module to run again (`syncDeliveryChoices`), which it does for new and existing messages. With
 * no kits nothing is sent here: messages go out by the escrow as before. Keys are never logged.
 *
 * Each message's choice is the owner's, sealed in the letter's own record (sealed-choice.ts), and
 * decided from it on the device, never from the server's list (issue 39 "No back door", attack 4):
 * a letter the owner's records say is handed over is never wrapped for the server, and a server
 * list that differs from them stops the whole action before anything is sent (DeviceRefusal,
 * HANDOVER_MISMATCH_WORDS). A letter from before sealed choices takes a hand-over the server lists
 * into its sealed record (that direction never gives the server a key).
 */
import { toB64url, webRandom, type RandomSource } from '../../../shared/crypto/bytes';
import type { Keyring } from '../../../shared/crypto/keys';
import { kidOf, messageScope } from '../../../shared/crypto/kid';
import { deliveryWrapContext, handoverKey, handoverWrapContextV2, messageDeliveryKey, openOwnerCopy, type MadeGeneration } from '../../../shared/crypto/trustee-kit';
import { sameAddress } from '../../../shared/crypto/fields';
import { wrapKey } from '../../../shared/crypto/wrap';
import { DeviceRefusal, HANDOVER_MISMATCH_WORDS, type Api } from '../keys';
import type { DeliveryMode, MessageChoiceJson } from '../../../shared/schema/kits';
import type { SealedChoice, SealedChoices } from './sealed-choice';

export type { DeliveryMode };

/** The owner's choice for one message: the mode, and for `trustee` who hands it over (then an optional backup). */
export interface DeliveryChoice {
  mode: DeliveryMode;
  trustees: string[];
}

/** The default for a message with no choice yet: the server delivers it. */
export const DEFAULT_CHOICE: DeliveryChoice = { mode: 'server', trustees: [] };

/** Runs `use` with AK's raw bytes (key-session.ts); throws while the keys are locked. */
export type WithAccountKey = <T>(use: (ak: Uint8Array) => Promise<T>) => Promise<T>;

export interface DeliveryChoiceDeps {
  /** apiFetch (web/api/client.ts) or a test's caller over the real app. */
  api: Api;
  /** The account id (the kits' and wraps' context). */
  account: string;
  withAccountKey: WithAccountKey;
  /** The account's opened keyring (the message keys). */
  keyring: Keyring;
  /** The owner's sealed choices on this device (sealed-choice.ts sealedChoicesOf): what decides. */
  choices: SealedChoices;
  random?: RandomSource;
}

/** One live generation as `GET /api/kits` gives it (only what this module reads). */
interface LiveGeneration {
  generation: number;
  ownerCopy: string;
  kits: Array<{ trusteeId: string }>;
}

/** What the server holds: the live generations and each message's choice. */
export interface DeliveryState {
  generations: LiveGeneration[];
  /** By message id: its mode, key id, the generations it has wraps for, and its trustees. */
  messages: Map<string, { mode: DeliveryMode; kid: string; generations: number[]; trustees: string[]; to?: string | null }>;
  /** True once kits are in use (a current generation: k kits handed over); before, a release sends every message by Afterword. */
  inUse: boolean;
}

/** A choice that cannot be made, in words for the owner (a toast). */
export class DeliveryChoiceError extends Error {
  override name = 'DeliveryChoiceError';
}

/** Reads `GET /api/kits` and `GET /api/kits/messages`. Throws what `api` throws. */
export async function loadDeliveryState(api: Api): Promise<DeliveryState> {
  const kits = await api<{ current: LiveGeneration | null; pending: LiveGeneration | null }>('/api/kits');
  const generations = [kits.current, kits.pending].filter((g): g is LiveGeneration => g !== null);
  const listed = generations.length ? await api<{ messages: MessageChoiceJson[] }>('/api/kits/messages') : { messages: [] };
  return { generations, messages: new Map(listed.messages.map(({ messageId, ...rest }) => [messageId, rest])), inUse: kits.current !== null };
}

const sameChoice = (a: DeliveryChoice, b: DeliveryChoice) => a.mode === b.mode && a.trustees.join('\n') === b.trustees.join('\n');

/**
 * What the device decides for a message from the owner's sealed choice `sealed` (SealedChoices
 * read) and the server's entry `listed`: `unknown` (the device holds no record of it: nothing is
 * done), `mismatch` (the server's list differs from the sealed choice, or leaves out a letter the
 * sealed choice hands over), else the choice, with `adopt` when a letter from before takes the
 * hand-over the server lists into its sealed record.
 */
export function decideChoice(sealed: SealedChoice | null | undefined, listed: DeliveryChoice | undefined): { kind: 'unknown' } | { kind: 'mismatch' } | { kind: 'choice'; choice: DeliveryChoice; adopt: boolean } {
  if (sealed === undefined) return { kind: 'unknown' };
  if (sealed === null) return listed?.mode === 'trustee' ? { kind: 'choice', choice: listed, adopt: true } : { kind: 'choice', choice: DEFAULT_CHOICE, adopt: false };
  if (listed ? !sameChoice(listed, sealed) : sealed.mode === 'trustee') return { kind: 'mismatch' };
  return { kind: 'choice', choice: sealed, adopt: false };
}

/** The newest key id of message `messageId` in `keyring`, or null while it has none (not sealed yet). */
const latestKid = (keyring: Keyring, messageId: string): string | null => {
  const scope = messageScope(messageId);
  const v = keyring.version(scope);
  return v > 0 ? kidOf(scope, v) : null;
};

/** Opens each generation's owner copy once per call (AK is asked for once per copy). */
function ownerCopies(deps: DeliveryChoiceDeps) {
  const opened = new Map<number, Promise<MadeGeneration>>();
  return (g: LiveGeneration) => {
    let p = opened.get(g.generation);
    if (!p) opened.set(g.generation, (p = deps.withAccountKey((ak) => openOwnerCopy(ak, deps.account, g.ownerCopy))));
    return p;
  };
}

/** Why a hand-over cannot be wrapped: this device cannot vouch for the letter's address (its copy or address was refused at a pull). */
const UNBOUND_ADDRESS = 'This letter’s address could not be checked on this device, so it cannot be bound to a trustee’s kit. Check the address on the message’s card (“Seal this address” if it is right), then choose again.';

/** One message's wraps for one generation: an item of `PUT /api/kits/messages`. */
interface ChoiceItem {
  messageId: string;
  choice: Record<string, unknown> & { generation: number };
}

/** The most items one request carries (sync-server/kits/message-key-routes.ts MESSAGE_CHOICES_PER_BATCH). */
const PER_BATCH = 100;

/**
 * Message `messageId`'s wraps for `choice`, one item per live generation of `state`; empty when
 * there is nothing to do (no kits, or the message has no key yet). Throws DeliveryChoiceError when
 * none of the chosen trustees holds a kit of the current kits, or a trustee is chosen twice.
 */
async function wrapsFor(deps: DeliveryChoiceDeps, state: DeliveryState, messageId: string, choice: DeliveryChoice, copies: ReturnType<typeof ownerCopies>): Promise<ChoiceItem[]> {
  const kid = latestKid(deps.keyring, messageId);
  if (!kid || state.generations.length === 0) return [];
  if (choice.mode === 'trustee' && (choice.trustees.length < 1 || choice.trustees.length > 2 || new Set(choice.trustees).size !== choice.trustees.length)) {
    throw new DeliveryChoiceError('Choose one trustee to hand this message over, and if you like another one as their backup.');
  }
  const raw = deps.keyring.raw(kid)!;
  const random = deps.random ?? webRandom;
  const account = deps.account;
  const items: ChoiceItem[] = [];
  for (const g of state.generations) {
    const made = await copies(g);
    const generation = made.generation;
    if (choice.mode === 'server') {
      const gate = random(32);
      const key = await messageDeliveryKey(made.q, gate, { account, messageId, generation });
      items.push({ messageId, choice: { generation, mode: 'server', kid, gate: toB64url(gate), wrap: await wrapKey(key, raw, deliveryWrapContext(account, kid, generation), random) } });
      continue;
    }
    // Bound to the letter's address (hand-over version 2): the trustee's page proves it by opening the key.
    const to = await deps.choices.address(messageId);
    if (!to) throw new DeliveryChoiceError(UNBOUND_ADDRESS);
    const handovers = [];
    for (const trusteeId of choice.trustees) {
      const m = made.kits.find((k) => k.trusteeId === trusteeId);
      if (!m) continue; // this trustee holds no kit of these kits (a backup left out of a re-key)
      const key = await handoverKey(made.q, m.gate, m.kit.t, { account, trusteeId, generation, messageId });
      handovers.push({ trusteeId, to, wrap: await wrapKey(key, raw, handoverWrapContextV2(account, trusteeId, kid, generation, to), random) });
    }
    if (handovers.length === 0) {
      if (g === state.generations[0]) throw new DeliveryChoiceError('The trustee you chose holds no trustee kit. Choose a trustee who has one, or let Afterword deliver this message.');
      continue; // newer kits not handed to them: the choice is shown again once those kits are in use
    }
    items.push({ messageId, choice: { generation, mode: 'trustee', kid, handovers } });
  }
  return items;
}

/**
 * Sends `items` in batches; returns the ids refused with 404 (deleted meanwhile) or, for a
 * compare-and-set item (`ifMode`), 409 (another device chose meanwhile: its choice stands, and the
 * next sync wraps it). Throws DeliveryChoiceError for another refusal, and what `api` throws.
 */
async function sendItems(api: Api, items: readonly ChoiceItem[]): Promise<Set<string>> {
  const guarded = new Set(items.filter((i) => 'ifMode' in i.choice).map((i) => i.messageId));
  const gone = new Set<string>();
  for (let at = 0; at < items.length; at += PER_BATCH) {
    const answer = await api<{ saved: number; refused: Array<{ messageId: string; status: number; error: string }> }>('/api/kits/messages', { method: 'PUT', body: { choices: items.slice(at, at + PER_BATCH) } });
    for (const r of answer.refused) {
      if (r.status !== 404 && !(r.status === 409 && guarded.has(r.messageId))) throw new DeliveryChoiceError(r.error);
      gone.add(r.messageId);
    }
  }
  return gone;
}

/**
 * Makes and sends message `messageId`'s wraps for `choice`, for every live generation of `state`
 * (PUT /api/kits/messages). The choice is recorded in the letter's sealed record (the outbox)
 * before the wraps it justifies are sent, so no device ever holds wraps its owner's records do not
 * explain (an answer lost after the server saved them leaves both in agreement). When the wraps
 * are refused, the record is set back to the choice before; when the answer is lost, it is set
 * back only if the server's list shows the wraps did not land. Returns false when there is nothing
 * to do (no kits, or the message has no key yet). Throws DeliveryChoiceError when none of the
 * chosen trustees holds a kit of the current kits (or a trustee is chosen twice, or the server
 * refuses it), and what `api` throws.
 */
export async function saveDeliveryChoice(deps: DeliveryChoiceDeps, state: DeliveryState, messageId: string, choice: DeliveryChoice): Promise<boolean> {
  const items = await wrapsFor(deps, state, messageId, choice, ownerCopies(deps));
  if (items.length === 0) return false;
  // Put back only a choice this device read: a letter from before choices (null) or a choice refused
  // at the pull (undefined) has none to put back, and "the server delivers it" was nobody's choice.
  const before = await deps.choices.read(messageId);
  await deps.choices.write(messageId, choice); // the owner's record, first: what every device of theirs decides from
  let gone: Set<string>;
  try {
    gone = await sendItems(deps.api, items);
  } catch (err) {
    if (before && !(await landed(deps.api, messageId, choice, err))) await deps.choices.write(messageId, before);
    throw err;
  }
  if (gone.has(messageId)) throw new DeliveryChoiceError('This message was deleted.');
  return true;
}

/**
 * After sending `choice`'s wraps failed with `err`: true when the server holds them anyway (an
 * answer lost on the way, or a 5xx that a proxy may give after the save committed, seen in its
 * list), false when they were refused (a 4xx answer, a DeliveryChoiceError) or the list does not
 * show them. Unknown (the list cannot be read either): true, so the record keeps the owner's newest
 * wish, which grants the server nothing it did not have.
 */
async function landed(api: Api, messageId: string, choice: DeliveryChoice, err: unknown): Promise<boolean> {
  const status = (err as { status?: unknown } | null)?.status;
  if (err instanceof DeliveryChoiceError || (typeof status === 'number' && status < 500)) return false;
  try {
    const listed = (await loadDeliveryState(api)).messages.get(messageId);
    return !!listed && sameChoice(listed, choice);
  } catch {
    return true;
  }
}

/** The ids of the messages `keyring` holds a key for (scopes `msg:<id>`): the messages there is something to wrap for. */
export const keyedMessageIds = (keyring: Keyring): string[] => [...new Set(keyring.kids().flatMap((kid) => (kid.startsWith('msg:') ? [kid.slice(4, kid.lastIndexOf('~'))] : [])))].sort();

/**
 * Brings every message of `messageIds` (default: every message the keyring has a key for) up to date with the kits: a message with no wrap yet gets
 * the default ("The server delivers it"), and one whose wraps miss a live generation (after
 * re-keying) or an older key version (after its key was rotated) is wrapped again with its stored
 * choice. Returns how many messages were sent. Nothing happens without kits; a message the
 * server no longer has (deleted) is skipped, and so is one whose record this device does not hold
 * yet, and so is a hand-over whose address this device refused at a pull (it cannot bind it: the
 * vault's card says so). A message whose stored trustees hold no kit of the current kits is reported in `unbound`
 * (the owner must choose again), never silently switched to the server. Throws DeviceRefusal
 * (HANDOVER_MISMATCH_WORDS), having sent nothing, when the server's list differs from the owner's
 * sealed choices (decideChoice).
 */
export async function syncDeliveryChoices(deps: DeliveryChoiceDeps, messageIds: readonly string[] = keyedMessageIds(deps.keyring)): Promise<{ updated: number; unbound: string[] }> {
  const state = await loadDeliveryState(deps.api);
  if (state.generations.length === 0) return { updated: 0, unbound: [] };
  const copies = ownerCopies(deps);
  const items: ChoiceItem[] = [];
  const unbound: string[] = [];
  let mismatch = false;
  for (const id of messageIds) {
    const kid = latestKid(deps.keyring, id);
    if (!kid) continue;
    const have = state.messages.get(id);
    const decided = decideChoice(await deps.choices.read(id), have && { mode: have.mode, trustees: have.trustees });
    if (decided.kind === 'unknown') continue;
    if (decided.kind === 'mismatch') {
      mismatch = true;
      continue;
    }
    if (decided.adopt) await deps.choices.write(id, decided.choice);
    // A hand-delivered message needs no wrap of pending kits none of its trustees holds; of the kits in use it always does.
    const needs = (g: LiveGeneration) => have!.mode === 'server' || g === state.generations[0] || have!.trustees.some((t) => g.kits.some((k) => k.trusteeId === t));
    // A hand-over's wraps are bound to the letter's address (version 2): made again when it changed, or for wraps from before.
    // One whose address this device cannot vouch for is left as the server holds it: the vault's card says so ("Seal this address").
    const to = decided.choice.mode === 'trustee' ? await deps.choices.address(id) : null;
    if (decided.choice.mode === 'trustee' && to === null) continue;
    const bound = have?.mode !== 'trustee' || (typeof have.to === 'string' && to !== null && sameAddress(have.to, to));
    const upToDate = have && bound && have.kid === kid && state.generations.every((g) => have.generations.includes(g.generation) || !needs(g));
    if (upToDate) continue;
    try {
      // Compare-and-set: only over the choice read here, never over one another device made meanwhile.
      for (const item of await wrapsFor(deps, state, id, decided.choice, copies)) items.push({ ...item, choice: { ...item.choice, ifMode: have?.mode ?? null } });
    } catch (err) {
      if (!(err instanceof DeliveryChoiceError)) throw err;
      unbound.push(id);
    }
  }
  if (mismatch) throw new DeviceRefusal(HANDOVER_MISMATCH_WORDS); // before anything is sent
  const gone = await sendItems(deps.api, items);
  return { updated: new Set(items.map((i) => i.messageId).filter((id) => !gone.has(id))).size, unbound };
}
