/**
 * Emergency access on the server (docs/sharing.md "Emergency access"; issue 43): the owner's
 * settings per trustee, a trustee's request from their kit page, the owner told at once (e-mail
 * and Web Push, `deps.tell`), refusal and ending by the owner, and the scheduler's `tick` that
 * grants after the wait. Every step goes through model/emergency.ts and is stored by
 * compare-and-set on the phase it was read in, so a refusal racing the grant never both happen.
 *
 * It never touches the release after death: no check-in, no release state, no letter, no
 * trustee-access e-mail is read or written here. The gate is stored only sealed under the release
 * key (gate-seal.ts), unsealed only by `trusteeView`, only while `gateOpen` holds, and it opens
 * nothing without the trustee's kit secret t.
 */
import type { KitEmergencyRequest, OwnerEmergencyRequest } from '../../shared/schema/kits';
import { CHOICE_CHANGED, NO_SUCH_TRUSTEE, NOTHING_TO_REFRESH, STALE_CHOICE, type EmergencyReach } from '../../shared/schema/trustee';
import { randomBytes } from 'node:crypto';
import { isEmergencyKind, isShareItemId, type ShareKind } from '../../shared/share-items';
import { ApiHttpError } from '../http/errors';
import { CryptoError } from '../../shared/crypto/errors';
import type { GateSealer } from './gate-seal';
import { emergencyTransition, EmergencyTransitionError, nextInOrder, requestEmergency, gateOpen, type EmergencyEvent, type EmergencyState } from './model/emergency';
import type { AsyncEmergencyStore, EmergencyRequestRow, EmergencySettingRow } from './store/emergency-store';

/** Requests shown to the owner (newest first); the scheduler looks at this many open requests per pass. */
export const REQUESTS_SHOWN = 50;
const OPEN_PER_PASS = 500;
/** Gates stored plain before migration 027 that one scheduler pass seals (a bounded batch; then none are left). */
export const GATES_SEALED_PER_PASS = 200;

/** A request as the owner's devices and the trustee's page read it (times ISO 8601): one shape, shared/schema/kits.ts. */
export type EmergencyRequestJson = KitEmergencyRequest;

/** The owner's setting for one trustee (the sealed parts are the device's; listed so another device can show them). */
export interface EmergencySettingInput {
  position: number;
  waitHours: number;
  generation: number;
  items: string[];
  gate: string;
  wrap: string;
  bundle: string;
  /** A device sealing again what it believes is set (its refresher): only an existing setting is replaced, never made again. */
  refresh?: true;
  /** The version of the owner's emergency choice it was sealed from (shared/schema/trustee.ts); none from a device before it (older than any). */
  choiceVersion?: number;
  /**
   * The version of the choice the owner edited this one from (0: none was held), sent with every new
   * choice: taken only while the server holds exactly that one (CHOICE_CHANGED), so a device's older
   * copy, e.g. a choice saved offline, never overwrites a change or a Remove made meanwhile on another
   * device (security review #20 #1). Absent from devices before it: only the version rule holds.
   */
  basedOn?: number;
}

/** A trustee's kit, as kits.find gives it: whose, which trustee, which generation. */
export interface KitRef {
  user_id: string;
  trustee_id: string;
  generation: number;
}

export interface EmergencyServiceDeps {
  store: AsyncEmergencyStore;
  /** Seals each gate under the release key before it is stored, and opens it for a granted trustee (gate-seal.ts). */
  gates: GateSealer;
  now: () => number;
  /** The trustee's standing on the owner's list (release/trustees.ts invitations), or null for none. */
  trusteeStatus(userId: string, trusteeId: string): Promise<'invited' | 'accepted' | 'removed' | null>;
  /** True when the owner has this live document (a plan section or task list is checked by its name: shared/share-items.ts). */
  itemExists(userId: string, itemId: string): Promise<boolean>;
  /** Tells the owner of a request at once: e-mail through the outbox and Web Push. Never throws for a failed send. */
  tell(userId: string, request: EmergencyRequestJson): Promise<void>;
  /** How the owner would be told of a request now: a confirmed address, a push subscription (emergency-wiring.ts). */
  reach(userId: string): Promise<EmergencyReach>;
  /** After a setting is put: the owner now shares something (the yearly reminder, yearly-reminder.ts `arm`). */
  sharingStarted?(userId: string): Promise<void>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const toJson = (r: EmergencyRequestRow): EmergencyRequestJson => ({
  id: r.id,
  trusteeId: r.trustee_id,
  phase: r.phase,
  waitHours: r.wait_hours,
  requestedAt: iso(r.requested_at)!,
  waitEndsAt: iso(r.wait_ends_at),
  decidedAt: iso(r.decided_at),
  grantedAt: iso(r.granted_at),
  endedAt: iso(r.ended_at),
});
const stateOf = (r: EmergencyRequestRow): EmergencyState => ({
  phase: r.phase,
  trusteeId: r.trustee_id,
  waitHours: r.wait_hours,
  requestedAt: r.requested_at,
  notifiedAt: r.notified_at,
  waitEndsAt: r.wait_ends_at,
  decidedAt: r.decided_at,
  grantedAt: r.granted_at,
  endedAt: r.ended_at,
});
const rowOf = (r: EmergencyRequestRow, s: EmergencyState): EmergencyRequestRow => ({
  ...r,
  phase: s.phase,
  notified_at: s.notifiedAt,
  wait_ends_at: s.waitEndsAt,
  decided_at: s.decidedAt,
  granted_at: s.grantedAt,
  ended_at: s.endedAt,
});
const notOpened = () =>
  new ApiHttpError(500, 'The emergency key could not be opened on this server. Nothing was handed out. Please tell the person who asked you to be their trustee, so they can set up emergency access again.');
/** 409: a setting sealed from an older emergency choice than the one held (the device syncs, then seals the newest). */
const staleChoice = () => new ApiHttpError(409, STALE_CHOICE, [{ path: 'choiceVersion', message: 'is older than the one saved, or taken by another choice: sync this device, then save again' }]);
/** 409: a new choice edited from another choice than the one held now (changed or removed meanwhile on another device). */
const choiceChanged = () => new ApiHttpError(409, CHOICE_CHANGED, [{ path: 'basedOn', message: 'is not the choice held now: it was changed or removed on another device' }]);
const noRequest = () => new ApiHttpError(404, 'No such request', [{ path: 'id', message: 'is not a request to your account' }]);

/** The emergency service over `deps.store`. Owner and trustee methods throw ApiHttpError with the status their refusal means. */
export function createEmergencyService(deps: EmergencyServiceDeps) {
  const { store } = deps;
  /** Runs `event` on `row` and stores it from the phase it was read in; false when another step won meanwhile. */
  const step = async (row: EmergencyRequestRow, actor: Parameters<typeof emergencyTransition>[1], event: EmergencyEvent): Promise<EmergencyRequestRow | null> => {
    let next: EmergencyState;
    try {
      next = emergencyTransition(stateOf(row), actor, event, deps.now());
    } catch (err) {
      if (!(err instanceof EmergencyTransitionError)) throw err;
      throw new ApiHttpError(err.code === 'forbidden' ? 403 : err.code === 'invalid' ? 400 : 409, err.message);
    }
    if (next.phase === row.phase) return row;
    const out = rowOf(row, next);
    return (await store.updateRequest(out, row.phase)) ? out : null;
  };
  const own = async (userId: string, id: string) => {
    const row = await store.request(id);
    if (!row || row.user_id !== userId) throw noRequest();
    return row;
  };
  /** Tells the owner, then starts the wait (the model counts it from the moment they were told). */
  const notify = async (row: EmergencyRequestRow) => {
    const told = rowOf(row, emergencyTransition(stateOf(row), { kind: 'system' }, { type: 'notified' }, deps.now()));
    await deps.tell(row.user_id, toJson(told)); // the e-mail's dedupe key keeps a retry from sending it twice
    return (await store.updateRequest(told, row.phase)) ? told : null;
  };
  /** Seals a batch of gates stored plain before migration 027 in place; a row that cannot be sealed is logged and left (a setting put again replaces it). */
  const sealPlainGates = async () => {
    const changes = [];
    for (const r of await store.plainGates(GATES_SEALED_PER_PASS)) {
      try {
        changes.push({ ...r, to: await deps.gates.seal({ userId: r.user_id, trusteeId: r.trustee_id, generation: r.generation }, r.gate) });
      } catch (err) {
        console.error(`Emergency access: a gate of account ${r.user_id} stored before could not be sealed:`, err instanceof Error ? err.message : err);
      }
    }
    if (changes.length) await store.replaceGates(changes);
  };
  /** 409 when the setting held for `trusteeId` names a document of `userId`'s that still exists. */
  const refuseEmptyWhileChosenExists = async (userId: string, trusteeId: string) => {
    const held = (await store.settings(userId)).find((s) => s.trustee_id === trusteeId);
    for (const item of held ? (JSON.parse(held.items) as string[]) : []) {
      if (!item.includes(':') && (await deps.itemExists(userId, item))) {
        throw new ApiHttpError(409, 'A document chosen for emergencies still exists', [{ path: 'items', message: 'may be empty only when every document chosen was deleted' }]);
      }
    }
  };
  /** A setting whose every item was deleted (sealed empty by the owner's device): its trustee has nothing to ask for. */
  const emptied = (s: { items: string }) => (JSON.parse(s.items) as string[]).length === 0;
  /** The owner's order, and the trustees no longer on their list or with nothing left to open (skipped in the order). */
  const order = async (userId: string) => {
    const settings = await store.settings(userId);
    const removed = new Set<string>();
    for (const s of settings) if (emptied(s) || (await deps.trusteeStatus(userId, s.trustee_id)) !== 'accepted') removed.add(s.trustee_id);
    return { settings, removed };
  };

  return {
    /** Sets what `trusteeId` may open in an emergency: items are document ids, `plan-section:<id>` or `task-list:<id>`. 404 when they are not the owner's trustee, a document is not the owner's, or a section or category does not exist; with `refresh`, also when no setting exists (NOTHING_TO_REFRESH: a refresh never brings back a removed one); 409 STALE_CHOICE when the setting held was sealed from a newer choice, CHOICE_CHANGED when `basedOn` is not the choice held. */
    async putSetting(userId: string, trusteeId: string, input: EmergencySettingInput): Promise<void> {
      const status = await deps.trusteeStatus(userId, trusteeId);
      if (status === null || status === 'removed') throw new ApiHttpError(404, NO_SUCH_TRUSTEE, [{ path: 'trusteeId', message: 'is not one of your trustees' }]);
      for (const [i, item] of input.items.entries()) {
        const [kind, id] = item.includes(':') ? (item.split(':', 2) as [ShareKind, string]) : (['document', item] as const);
        // Never a letter or a trustee's details (issue 43: "and no letter"; EMERGENCY_KINDS).
        if (!isEmergencyKind(kind)) throw new ApiHttpError(400, 'Not for emergencies', [{ path: `items.${i}`, message: 'must be a document, a plan section or a task list (letters stay for after death)' }]);
        if (kind === 'document' ? !(await deps.itemExists(userId, id)) : !isShareItemId(kind, id)) throw new ApiHttpError(404, kind === 'document' ? 'No such document' : 'No such item', [{ path: `items.${i}`, message: kind === 'document' ? 'is not one of your documents' : 'is not a plan section or task list' }]);
      }
      // An empty refresh says every item chosen was deleted: refused while a document the held
      // setting names still exists (a device that did not receive it, or could not open it, never
      // empties a trustee's bundle; review of session 27).
      if (input.refresh && input.items.length === 0) await refuseEmptyWhileChosenExists(userId, trusteeId);
      const row: EmergencySettingRow = {
        user_id: userId,
        trustee_id: trusteeId,
        position: input.position,
        wait_hours: input.waitHours,
        generation: input.generation,
        items: JSON.stringify(input.items),
        gate: await deps.gates.seal({ userId, trusteeId, generation: input.generation }, input.gate),
        wrap: input.wrap,
        bundle: input.bundle,
        updated_at: deps.now(),
        choice_version: input.choiceVersion ?? null,
      };
      // Compare-and-set on the choice's version: a device that had not synced a newer (narrower)
      // choice never seals the older one over it.
      if (!input.refresh) {
        if (!(await store.putSetting(row, input.basedOn))) {
          const held = (await store.settings(userId)).find((s) => s.trustee_id === trusteeId);
          throw input.basedOn !== undefined && (held?.choice_version ?? 0) !== input.basedOn ? choiceChanged() : staleChoice();
        }
      } else if (!(await store.refreshSetting(row))) {
        if ((await store.settings(userId)).some((s) => s.trustee_id === trusteeId)) throw staleChoice();
        throw new ApiHttpError(404, NOTHING_TO_REFRESH, [{ path: 'trusteeId', message: 'has no emergency access now: it was removed' }]);
      }
      await deps.sharingStarted?.(userId);
    },
    /**
     * Stops letting `trusteeId` ask (a running request stays as it is: the owner refuses or ends it).
     * Given `basedOn` (the choice the Remove was made from), only while that choice is held, or none
     * is (removed already: done); 409 CHOICE_CHANGED when another is (changed on another device).
     */
    deleteSetting: async (userId: string, trusteeId: string, basedOn?: number) => {
      if (!(await store.deleteSetting(userId, trusteeId, deps.now(), basedOn))) throw choiceChanged();
    },
    /** The owner removed trustee `trusteeId` (their record deleted): their setting and the choice versions kept for them go (security review s23 L3). */
    trusteeRemoved: (userId: string, trusteeId: string) => store.forgetTrustee(userId, trusteeId),
    /** The owner's settings (without the gate: their device made it), the highest choice version per trustee (`choiceVersions`, kept past a remove), their latest requests, and how they would be told of one (`reach`). */
    async overview(userId: string) {
      const rows = await store.settings(userId); // read once: the settings shown and their versions
      const settings = rows.map((s) => ({ trusteeId: s.trustee_id, position: s.position, waitHours: s.wait_hours, generation: s.generation, items: JSON.parse(s.items) as string[], updatedAt: iso(s.updated_at)!, choiceVersion: s.choice_version }));
      // A fault finding how the owner would be told must not hide their requests (the Refuse button): reach is then unknown (null).
      const reach = await deps.reach(userId).catch((err: unknown) => (console.error('Finding how an owner would be told of a request failed:', err), null));
      // The highest choice version per trustee, set or removed: the owner's device seals its next choice above it (security review s22 H1).
      const choiceVersions = await store.choiceVersions(userId, rows);
      // Each time a trustee's page was handed the gate, for the owner's timeline (issue 43 "every opening").
      const openings = new Map<string, string[]>();
      for (const o of await store.openings(userId)) openings.set(o.request_id, [...(openings.get(o.request_id) ?? []), iso(o.opened_at)!]);
      // When the trustee's page said it opened the bundle (its own word: bundleOpened).
      const opened = new Map((await store.bundleOpenings(userId)).map((o) => [o.request_id, iso(o.opened_at)]));
      const requests: OwnerEmergencyRequest[] = (await store.requests(userId, REQUESTS_SHOWN)).map((r) => ({ ...toJson(r), openings: openings.get(r.id) ?? [], openedAt: opened.get(r.id) ?? null }));
      return { settings, choiceVersions, requests, reach };
    },
    /** A trustee asks, from their kit page. 403 when they may not (no setting, not accepted, or another trustee comes first in the owner's order); 409 while a request is running. */
    async request(kit: KitRef): Promise<EmergencyRequestJson> {
      const userId = kit.user_id;
      const { settings, removed } = await order(userId);
      const mine = settings.find((s) => s.trustee_id === kit.trustee_id);
      const status = await deps.trusteeStatus(userId, kit.trustee_id);
      if (!mine) throw new ApiHttpError(403, 'You have not been given emergency access', []);
      if (emptied(mine)) throw new ApiHttpError(403, 'Nothing is chosen for you to open in an emergency now', []);
      const requests = (await store.requests(userId, REQUESTS_SHOWN)).map(stateOf);
      if (requests.some((r) => r.phase === 'requested' || r.phase === 'waiting' || r.phase === 'granted')) throw new ApiHttpError(409, 'A request for emergency access is already under way', []);
      const next = nextInOrder(settings.map((s) => s.trustee_id), requests, removed);
      if (status === 'accepted' && next !== kit.trustee_id) throw new ApiHttpError(403, 'Another trustee is asked first, in the order set', []);
      let s: EmergencyState;
      try {
        s = requestEmergency({ kind: 'trustee', trusteeId: kit.trustee_id, status: status ?? 'removed' }, mine.wait_hours, deps.now());
      } catch (err) {
        if (err instanceof EmergencyTransitionError) throw new ApiHttpError(403, err.message, []);
        throw err;
      }
      const row = rowOf({ id: randomBytes(16).toString('base64url'), user_id: userId, trustee_id: kit.trustee_id, wait_hours: s.waitHours, requested_at: s.requestedAt } as EmergencyRequestRow, s);
      await store.insertRequest(row);
      return toJson((await notify(row)) ?? row);
    },
    /** The owner refuses (one tap): final for this request. */
    async refuse(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      if (!(await step(row, { kind: 'owner' }, { type: 'refuse' }))) await step((await own(userId, id)), { kind: 'owner' }, { type: 'refuse' });
    },
    /** The owner ends a granted emergency: the gate is no longer served. */
    async end(userId: string, id: string): Promise<void> {
      const row = await own(userId, id);
      if (!(await step(row, { kind: 'owner' }, { type: 'end' }))) await step((await own(userId, id)), { kind: 'owner' }, { type: 'end' });
    },
    /**
     * What the trustee's page reads: their latest request, what they may ask for, and, only while
     * the request is granted (the wait really over) and they are still an accepted trustee, the
     * gate with the wrap and sealed bundle for their kit's generation.
     */
    async trusteeView(kit: KitRef) {
      const mine = (await store.settings(kit.user_id)).find((s) => s.trustee_id === kit.trustee_id);
      const latest = (await store.requests(kit.user_id, REQUESTS_SHOWN)).find((r) => r.trustee_id === kit.trustee_id) ?? null;
      const accepted = (await deps.trusteeStatus(kit.user_id, kit.trustee_id)) === 'accepted';
      const open = latest && mine && accepted && mine.generation === kit.generation && gateOpen(stateOf(latest), deps.now());
      let gate: string | null = null;
      if (open) {
        try {
          gate = await deps.gates.open({ userId: kit.user_id, trusteeId: kit.trustee_id, generation: mine.generation }, mine.gate);
        } catch (err) {
          if (!(err instanceof CryptoError)) throw err;
          console.error(`Emergency access: the stored gate of a trustee of account ${kit.user_id} does not open (${err.message}); nothing was handed out`);
          throw notOpened();
        }
      }
      if (open && gate) await store.opened(latest.id, deps.now()); // the owner's timeline: the trustee opened the items
      return {
        canAsk: Boolean(mine) && accepted && !emptied(mine!),
        waitHours: mine?.wait_hours ?? null,
        itemCount: mine ? (JSON.parse(mine.items) as string[]).length : 0,
        request: latest && toJson(latest),
        access: open && gate ? { gate, wrap: mine.wrap, bundle: mine.bundle, generation: mine.generation, items: JSON.parse(mine.items) as string[] } : null,
      };
    },
    /**
     * The trustee's page says it opened the bundle of request `requestId` (issue 43 "every
     * opening"): kept once per request (the first time; telling again answers the same), for the
     * owner's timeline. Only the trustee's own latest request, while it is granted and the page
     * could be handed the gate (as trusteeView), once the gate was handed out for it (an opening
     * noted): 404 for another request, 409 when it is not open or was not handed out yet.
     */
    async bundleOpened(kit: KitRef, requestId: string): Promise<{ openedAt: string }> {
      const latest = (await store.requests(kit.user_id, REQUESTS_SHOWN)).find((r) => r.trustee_id === kit.trustee_id);
      if (!latest || latest.id !== requestId) throw new ApiHttpError(404, 'No such request for emergency access', [{ path: 'requestId', message: 'must be your latest request' }]);
      const mine = (await store.settings(kit.user_id)).find((s) => s.trustee_id === kit.trustee_id);
      const accepted = (await deps.trusteeStatus(kit.user_id, kit.trustee_id)) === 'accepted';
      if (!mine || !accepted || mine.generation !== kit.generation || !gateOpen(stateOf(latest), deps.now())) throw new ApiHttpError(409, 'This request for emergency access is not open', []);
      // Only after the server handed a page of this request the key (trusteeView's own note): the timeline never says opened without it.
      if (!(await store.openings(kit.user_id)).some((o) => o.request_id === requestId)) throw new ApiHttpError(409, 'The key to this emergency access was not handed out yet', [{ path: 'requestId', message: 'was not handed the key: read it first' }]);
      return { openedAt: iso(await store.bundleOpened(requestId, deps.now()))! };
    },
    /**
     * One scheduler pass: seals a batch of gates stored plain before migration 027, tells the owner
     * of a request not yet told, withdraws or ends the requests of removed trustees, grants those
     * whose wait is over. Returns how many steps were taken.
     */
    async tick(): Promise<number> {
      let steps = 0;
      await sealPlainGates().catch((err) => console.error('Emergency access: sealing the gates stored before failed:', err instanceof Error ? err.message : err));
      for (const row of await store.open(OPEN_PER_PASS)) {
        try {
          const removed = (await deps.trusteeStatus(row.user_id, row.trustee_id)) !== 'accepted';
          const out = removed ? await step(row, { kind: 'system' }, { type: 'trustee-removed' }) : row.phase === 'requested' ? await notify(row) : await step(row, { kind: 'system' }, { type: 'tick' });
          if (out && out.phase !== row.phase) steps += 1;
        } catch (err) {
          console.error(`Emergency access: a step failed for account ${row.user_id}:`, err instanceof Error ? err.message : err);
        }
      }
      return steps;
    },
  };
}

export type EmergencyService = ReturnType<typeof createEmergencyService>;
