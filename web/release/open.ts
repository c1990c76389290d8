/**
 * The ONE place where a release page turns what the server sent into readable content and file
 * keys (issue "Sealed from the server", "The server never decrypts anything"). An account whose
 * records are not sealed comes as stored, and this only hands it on. A sealed account's values come
 * as envelopes with their places (shared/release/pages.ts SealedInfo), and are opened here, in the
 * browser (shared/crypto/envelope.ts; the AAD binds owner, collection, record, field and HLC):
 * a recipient's with the message key of the link's fragment (`/r/d/<token>#<kid>.<key>,…`), a
 * trustee's with the keys of its access level that the trustee's own kit opened in the browser
 * (the kit page, web/release/kit/; issue "Release through trustees' key shares"): the server never
 * hands a trustee a key, so without kits in force a trustee's page says nothing sealed can be
 * opened, and why, and shows only the messages' plain delivery facts. A file's key, name and size come out of its opened file reference.
 *
 * Every value is held to its record's version (page-freshness.ts; issue 39, Freshness): one older
 * than its owner's last is refused like one that does not open, and a record the server holds as
 * deleted without its owner's word is named. Nothing that fails to open is shown as content: a recipient's page says the message cannot be
 * opened and why (an Error for the page), a trustee's page shows "(could not be opened)" in its
 * place and names at the top each entry that did not open (`notOpened`, not-opened.ts).
 */
import { fromB64url } from '../../shared/crypto/bytes';
import { open, type KeyLookup } from '../../shared/crypto/envelope';
import { CryptoError, RolledBackError } from '../../shared/crypto/errors';
import { parseKid } from '../../shared/crypto/kid';
import { openState } from '../../shared/crypto/sealed-record';
import { importAesKey } from '../../shared/crypto/wrap';
import { ALLOWED_MIME_TYPES } from '../../shared/files/types';
import { pageProfileOf } from '../../shared/release/page-records';
import type { DeliveryPageData, PageFile, SealedInfo, TrusteePageData } from '../../shared/release/pages';
import { t } from './words';
import { TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import type { DeathPlan } from '../../shared/schema';
import { namedEntries, type FailedPlace, type NamesOf } from './not-opened';
import { hiddenRecords, refusedFields } from './page-freshness';
import { pageTaskOf, sealedBinderRecords, type OpenedProfile, type OpenedTask, type OpenedTrustee } from './sealed-binder';

/** What each page receives from the server, by route. */
export interface PageData {
  d: DeliveryPageData;
  t: TrusteePageData;
}

/** Shown in place of a value that did not open (never the envelope), in the page's language: "(could not be opened)". */
export const notOpenedValue = () => t('releasePage.notOpened.value');

/**
 * Why a trustee's page of an account whose kits took over from the escrow opens nothing without
 * the trustee's kit, in the page's language (words.ts).
 */
export const kitOnlyText = () => t('releasePage.trustee.kitOnly');

/**
 * Why a trustee's page of a sealed account released with fewer than k kits in force opens nothing
 * (issue "Release through trustees' key shares", constraint "The escrow ends": nothing sealed is
 * released without kits), and what can still be done, in the page's language. `owner` is the
 * owner's first name; `kitsMade` false when the owner never made kits (the English says what
 * NO_KITS_TEXT said before, word for word: trustee-words.test.ts).
 */
export const NO_KITS_TEXT = (owner: string, kitsMade = true) => t('releasePage.trustee.noKits', { owner, kitsMade: kitsMade ? 'yes' : 'no' });

/** Why a kit-released account's trustee page opens nothing for a trustee who was given no kit, and what they can do, in the page's language. `owner`: the first name. */
export const NO_OWN_KIT_TEXT = (owner: string) => t('releasePage.trustee.noOwnKit', { owner });

const MESSAGE_TYPES = new Set(['text', 'audio', 'video']);

/** The keys of a link's fragment `<kid>.<key>,…` (release-keys.ts fragmentOf); entries that are not keys are ignored. */
export function parseFragment(fragment: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (fragment ?? '').split(',')) {
    const dot = part.lastIndexOf('.');
    const kid = part.slice(0, dot);
    if (dot > 0 && parseKid(kid)) out[kid] = part.slice(dot + 1);
  }
  return out;
}

/** Raw keys by kid: base64url (a link's fragment) or bytes (a kit's blob). */
type RawKeys = Record<string, string> | ReadonlyMap<string, Uint8Array>;

/** A KeyLookup over raw keys (a malformed key is left out: its values then do not open). */
async function lookupOf(keys: RawKeys): Promise<KeyLookup> {
  const map = new Map<string, CryptoKey>();
  const entries = keys instanceof Map ? [...keys] : Object.entries(keys as Record<string, string>);
  for (const [kid, value] of entries) {
    const raw = typeof value === 'string' ? fromB64url(value) : value;
    if (raw?.length === 32) map.set(kid, await importAesKey(raw));
  }
  return (kid) => map.get(kid);
}

/**
 * Opens sealed values of `info`'s account; `failed` holds the places of those that did not open
 * (not-opened.ts), `older` is set when one was refused as older than its owner's version
 * (page-freshness.ts), which every value is held to.
 */
function openerOf(info: SealedInfo, keys: KeyLookup) {
  const versions = new Map<string, { shown: Readonly<Record<string, unknown>>; held: ReturnType<typeof refusedFields> }>();
  const refused = (collection: CollectionName, id: string, shown: Readonly<Record<string, unknown>> = {}) => {
    const key = `${collection}/${id}`;
    if (!versions.has(key)) versions.set(key, { shown, held: refusedFields(keys, info, collection, id, shown) });
    return versions.get(key)!;
  };
  const opener = {
    failed: [] as FailedPlace[],
    older: false,
    /** Holds `collection/id` to its owner's version, with the envelopes the page shows of it (`shown`: page-freshness.ts refusedFields); before its values are opened. */
    async hold(collection: CollectionName, id: string, shown: Readonly<Record<string, unknown>>): Promise<void> {
      await refused(collection, id, shown).held;
    },
    /**
     * The opened value of `field` of `collection/id`, or undefined when it did not open or its
     * owner's version refuses it. A field never written (no value and no clock: a device leaves an
     * empty field out, web/db/edit-session.ts createRecord) is null, not a failure; a clock without
     * an envelope is one.
     */
    async value(collection: CollectionName, id: string, field: string, envelope: unknown): Promise<unknown> {
      const hlc = info.clocks[`${collection}/${id}`]?.[field];
      const record = refused(collection, id);
      const held = await record.held;
      const why = held.refused[field];
      if (why) {
        opener.older ||= why instanceof RolledBackError;
        opener.failed.push({ collection, id, field });
        return undefined;
      }
      if (Object.hasOwn(held.opened, field) && record.shown[field] === envelope) return held.opened[field]; // opened when held
      if ((envelope === null || envelope === undefined) && !hlc) return null;
      try {
        if (typeof envelope !== 'string' || !hlc) throw new CryptoError(`${field} holds no envelope`);
        return await open(keys, { userId: info.userId, collection, recordId: id, field }, hlc, envelope);
      } catch (err) {
        if (!(err instanceof CryptoError)) throw err;
        opener.failed.push({ collection, id, field });
        return undefined;
      }
    },
    /** A text field: its opened text, '' when it was never written, or notOpenedValue. */
    async text(collection: CollectionName, id: string, field: string, envelope: unknown): Promise<string> {
      const v = await opener.value(collection, id, field, envelope);
      if (typeof v === 'string') return v;
      if (v === null && !info.clocks[`${collection}/${id}`]?.[field]) return '';
      if (v !== undefined) opener.failed.push({ collection, id, field });
      return notOpenedValue();
    },
    /** Names `collection/id` when its owner's version refuses its deletion mark (the server wrote it: page-freshness.ts). */
    async deletion(collection: CollectionName, id: string): Promise<void> {
      if ((await refused(collection, id).held).refused[TOMBSTONE_FIELD]) opener.failed.push({ collection, id, field: TOMBSTONE_FIELD });
    },
    /** A sealed file: the page file completed from its opened reference, or null when it did not open. */
    async file(collection: CollectionName, id: string, f: PageFile | null | 'missing'): Promise<PageFile | null | 'missing'> {
      if (!f || f === 'missing' || f.envelope === undefined) return f;
      const ref = (await opener.value(collection, id, 'file', f.envelope)) as Record<string, unknown> | null | undefined;
      if (ref === null) return null;
      const ok =
        ref && ref.blobId === f.blobId && typeof ref.name === 'string' && typeof ref.key === 'string' &&
        Number.isSafeInteger(ref.size) && Number.isSafeInteger(ref.chunkSize) && (ref.chunkSize as number) > 0;
      if (!ok) {
        if (ref !== undefined) opener.failed.push({ collection, id, field: 'file' });
        return 'missing';
      }
      const claimed = typeof ref.mimeType === 'string' && ALLOWED_MIME_TYPES.has(ref.mimeType) ? ref.mimeType : 'application/octet-stream';
      const type = f.type !== 'application/octet-stream' ? f.type : claimed;
      const { envelope: _sealed, ...rest } = f;
      void _sealed;
      return { ...rest, name: ref.name as string, size: ref.size as number, chunkSize: ref.chunkSize as number, key: ref.key as string, type };
    },
  };
  return opener;
}

async function openDelivery(raw: DeliveryPageData, info: SealedInfo, fragmentKey: string | null): Promise<DeliveryPageData> {
  // In the recipient's language (words.ts): main.ts switches to it before opening.
  if (info.noEscrow) throw new Error(t('releasePage.noEscrow'));
  const keys = parseFragment(fragmentKey);
  if (Object.keys(keys).length === 0) throw new Error(t('releasePage.message.keyMissing'));
  const o = openerOf(info, await lookupOf(keys));
  const m = raw.message;
  await o.hold('messages', m.id, { messageType: m.messageType, messageContent: m.messageContent, file: m.file && m.file !== 'missing' ? m.file.envelope : undefined });
  const type = await o.value('messages', m.id, 'messageType', m.messageType);
  const content = await o.value('messages', m.id, 'messageContent', m.messageContent);
  const file = await o.file('messages', m.id, m.file);
  if (o.older) throw new Error(t('releasePage.message.stale'));
  if (o.failed.length > 0 || typeof type !== 'string' || !MESSAGE_TYPES.has(type) || typeof content !== 'string') throw new Error(t('releasePage.message.keyWrong'));
  const { sealed: _info, ...rest } = raw;
  void _info;
  return { ...rest, message: { ...m, messageType: type as DeliveryPageData['message']['messageType'], messageContent: content, file } };
}

/**
 * A trustee's page that opens nothing sealed (`why`): what it can still show is plain, the
 * messages' addresses and delivery facts (and "resend"); their sealed names are left out.
 */
function withoutKeys(raw: TrusteePageData, why: string): TrusteePageData {
  return {
    ownerName: raw.ownerName,
    ownerFirstName: raw.ownerFirstName,
    level: raw.level,
    now: raw.now,
    cannotOpen: why,
    ...(raw.messages ? { messages: raw.messages.map((m) => ({ ...m, recipientName: '' })) } : {}),
  };
}

async function openTrustee(raw: TrusteePageData, info: SealedInfo, levelKeys: ReadonlyMap<string, Uint8Array> | undefined): Promise<TrusteePageData> {
  // Only a kit opens a trustee's level, in this browser: the server hands a trustee no key (SECURITY.md
  // "The escrow until k kits"). Without one the page says why, and shows what can still be done.
  if (!levelKeys) {
    const owner = raw.ownerFirstName || raw.ownerName;
    if (info.kits && !info.noOwnKit) throw new Error(kitOnlyText()); // their kit page opens it
    return withoutKeys(raw, info.noOwnKit ? NO_OWN_KIT_TEXT(owner) : NO_KITS_TEXT(owner, !info.noKitsMade));
  }
  const lookup = await lookupOf(levelKeys);
  const o = openerOf(info, lookup);
  const messages =
    raw.messages &&
    (await Promise.all(raw.messages.map(async (m) => ({ ...m, recipientName: await o.text('messages', m.id, 'recipientName', m.recipientName) }))));
  const documents =
    raw.documents &&
    (await Promise.all(
      raw.documents.map(async (d) => {
        await o.hold('documents', d.id, { documentType: d.documentType, documentName: d.documentName, documentUrl: d.documentUrl, originalLocation: d.originalLocation, file: d.file && d.file !== 'missing' ? d.file.envelope : undefined });
        await o.deletion('documents', d.id);
        const documentType = await o.text('documents', d.id, 'documentType', d.documentType);
        const url = await o.value('documents', d.id, 'documentUrl', d.documentUrl);
        const original = await o.value('documents', d.id, 'originalLocation', d.originalLocation);
        return {
          ...d,
          documentType: documentType as typeof d.documentType,
          documentName: await o.text('documents', d.id, 'documentName', d.documentName),
          documentUrl: typeof url === 'string' ? url : null,
          originalLocation: typeof original === 'string' ? original : null,
          file: await o.file('documents', d.id, d.file),
        };
      }),
    ));
  const full = info.records ? await openFullRecords(info, lookup) : null;
  const hidden = await hiddenRecords(lookup, info);
  const failed = namedEntries([...o.failed, ...(full?.failed ?? []), ...hidden], namesOf(messages, documents, full), raw.ownerFirstName);
  const { sealed: _info, ...rest } = raw;
  void _info;
  // Who ticked a task: a trustee's name is sealed under the owner scope a full-access page holds.
  const taskMarks = raw.taskMarks?.map((m) => ({ ...m, name: m.name ?? full?.trusteeNames.get(m.trusteeId) ?? null }));
  // And who hands a letter over (shared/delivery-rule.ts HandoverBy): "a trustee" where it stays sealed.
  const named = messages?.map((m) => (m.handover ? { ...m, handover: m.handover.map((b) => ({ ...b, name: b.name ?? full?.trusteeNames.get(b.trusteeId) ?? null })) } : m));
  return {
    ...rest,
    ...(named ? { messages: named } : {}),
    ...(documents ? { documents } : {}),
    ...(taskMarks ? { taskMarks } : {}),
    ...(full
      ? {
          plan: full.plan,
          profile: pageProfileOf(full.profile ? [full.profile] : []),
          tasks: full.tasks.map(pageTaskOf),
          binder: sealedBinderRecords({ ownerFirstName: raw.ownerFirstName, userId: info.userId, plan: full.plan, profile: full.profile, tasks: full.tasks, trustees: full.trustees, documents: documents ?? [], messages: named ?? [] }), // named: the binder says who hands a letter over
        }
      : {}),
    ...(failed.length ? { notOpened: failed } : {}),
  };
}

/** The live items of list `field` in opened `values`, by position then item id (shared/sync/record.ts listItems, without its schema). */
function listOf(values: Record<string, unknown>, field: string): string[] {
  const items: { id: string; text: string; pos: number }[] = [];
  for (const [key, v] of Object.entries(values)) {
    const item = v as { text?: unknown; pos?: unknown } | null;
    if (key.startsWith(`${field}/`) && item && typeof item.text === 'string' && typeof item.pos === 'number') items.push({ id: key.slice(field.length + 1), text: item.text, pos: item.pos });
  }
  return items.sort((a, b) => a.pos - b.pos || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((i) => i.text);
}

const textOr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * A full-access trustee's plan, tasks, owner's profile and trustees, opened from the stored
 * records (SealedInfo.records); `failed` holds the places of the values that did not open.
 */
async function openFullRecords(info: SealedInfo, keys: KeyLookup) {
  const failed: FailedPlace[] = [];
  let plan: DeathPlan | null = null;
  let profile: OpenedProfile | null = null;
  const tasks: OpenedTask[] = [];
  const trustees: OpenedTrustee[] = [];
  for (const r of info.records ?? []) {
    const { values, errors } = await openState(keys, info.userId, r.collection, r.id, { values: r.values, clocks: r.clocks });
    for (const field of Object.keys(errors)) failed.push({ collection: r.collection, id: r.id, field });
    if (r.collection === 'deathPlan') {
      plan = {
        ...(values as Partial<DeathPlan>),
        funeralType: (textOr(values.funeralType) as DeathPlan['funeralType']) ?? null,
        burialPreference: (textOr(values.burialPreference) as DeathPlan['burialPreference']) ?? null,
        location: textOr(values.location),
        specialRequests: textOr(values.specialRequests),
        obituary: textOr(values.obituary),
        musicSelections: listOf(values, 'musicSelections'),
        readings: listOf(values, 'readings'),
      } as DeathPlan;
    } else if (r.collection === 'profile') {
      const ec = values.emergencyContact as { name?: unknown; phone?: unknown } | null | undefined;
      profile = {
        lastName: textOr(values.lastName) ?? '',
        emergencyContact: ec && typeof ec === 'object' ? { name: textOr(ec.name) ?? '', phone: textOr(ec.phone) ?? '' } : null,
        healthInfo: textOr(values.healthInfo),
      };
    } else if (r.collection === 'trustees') {
      trustees.push({ id: r.id, name: textOr(values.name) ?? notOpenedValue(), email: textOr(values.email) ?? '', accessLevel: textOr(values.accessLevel) ?? '', phone: textOr(values.phone), relationship: textOr(values.relationship) });
    } else {
      tasks.push({
        id: r.id,
        title: textOr(values.title) ?? notOpenedValue(),
        description: textOr(values.description) ?? notOpenedValue(),
        category: textOr(values.category) ?? 'other',
        timeframe: textOr(values.timeframe) ?? '',
        priority: typeof values.priority === 'number' ? values.priority : 3,
        automationLevel: textOr(values.automationLevel) ?? '',
        resources: listOf(values, 'resources'),
        automationSteps: listOf(values, 'automationSteps'),
        completionStatus: textOr(values.completionStatus) ?? 'not-started',
        createdAt: textOr(values.createdAt) ?? '',
      });
    }
  }
  // Newest first, as the server lists them (sync-server/records/service.ts list).
  tasks.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { failed, plan, profile, tasks, trustees, trusteeNames: new Map(trustees.map((t) => [t.id, t.name])) };
}

/**
 * The names a failed place is named by (not-opened.ts NamesOf): what opened of its record (a
 * document's name, a task's title) or what is plain (a message's or a trustee's address).
 */
function namesOf(
  messages: TrusteePageData['messages'],
  documents: TrusteePageData['documents'],
  full: { tasks: OpenedTask[]; trustees: OpenedTrustee[] } | null,
): NamesOf {
  const known = (name: string | undefined) => (name && name !== notOpenedValue() ? name : null);
  return (collection, id) => {
    if (collection === 'documents') return known(documents?.find((d) => d.id === id)?.documentName);
    if (collection === 'messages') return known(messages?.find((m) => m.id === id)?.recipientEmail);
    if (collection === 'survivorTasks') return known(full?.tasks.find((t) => t.id === id)?.title);
    if (collection === 'trustees') return known(full?.trustees.find((t) => t.id === id)?.email);
    return null;
  };
}

/**
 * Opens `raw` (the JSON of `GET …/data`) for route `kind`, with `fragmentKey` (the link's
 * fragment, or null). A trustee's page opens only with `levelKeys` (kid → raw 32-byte key, from the
 * trustee's kit blob: shared/crypto/trustee-kit.ts openTrusteeBlob); without them it throws that the
 * kit page opens it, or, when no kit of theirs is in force, returns only what is plain with `cannotOpen`. Returns the content with each file's key usable by files.ts.
 * Throws an Error with a message for the person when the content cannot be opened.
 */
export async function openPage<K extends keyof PageData>(kind: K, raw: PageData[K], fragmentKey: string | null, levelKeys?: ReadonlyMap<string, Uint8Array>): Promise<PageData[K]> {
  const info = raw.sealed;
  if (!info) return raw;
  return (kind === 'd' ? openDelivery(raw as DeliveryPageData, info, fragmentKey) : openTrustee(raw as TrusteePageData, info, levelKeys)) as Promise<PageData[K]>;
}
