/**
 * Test support for web/sync/model.test.ts (imported only by tests): the world of one model run —
 * three devices (Dexie over their own fake-indexeddb, each with its own clock offset) of one
 * account on the REAL server — and the log of what people wrote, from which the oracle derives the
 * value every field must end with (issue 14, shared/sync/README.md rules 2, 4, 17, 18, 20).
 */
import { DEFAULT_SURVIVOR_TASKS } from '../../shared/default-tasks';
import type { CollectionName } from '../../shared/schema/collections';
import type { EditBase } from '../db/edit-session';
import { openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import type { accountTemplate } from '../../sync-server/test/client-test-support';
import type { Transport } from './transport';
import type { SyncKeys } from './sealing';
import { openRecords, type AccountSealing } from './test-sealed';
import type { ServerRecord } from '../../shared/sync/protocol';

/** The records the model plays with, and the fields whose values it tracks (all unique strings). */
export const RECORDS = {
  plan: { collection: 'deathPlan', fields: ['location', 'obituary', 'specialRequests'] },
  m1: { collection: 'messages', fields: ['recipientName', 'messageContent'] },
  m2: { collection: 'messages', fields: ['recipientName', 'messageContent'] },
  t0: { collection: 'survivorTasks', fields: ['title', 'description'] },
  t1: { collection: 'survivorTasks', fields: ['title', 'description'] },
} as const satisfies Record<string, { collection: CollectionName; fields: readonly string[] }>;
export type RecordKey = keyof typeof RECORDS;
export const RECORD_KEYS = Object.keys(RECORDS) as RecordKey[];

export interface Device {
  db: UserDatabase;
  /** A sealed account's keys on this device (rules 24–27), else undefined. */
  keys?: SyncKeys;
  online: boolean;
  /** Open forms: the edit base each started from. */
  forms: Partial<Record<RecordKey, EditBase>>;
}

/** One value a person gave a field: `base` is the value their form showed (undefined: none). */
export interface PersonWrite {
  key: RecordKey;
  field: string;
  value: string;
  base: unknown;
  device: number;
}

export interface World {
  userId: string;
  devices: Device[];
  writes: PersonWrite[];
  /** The token of each `_deleted` write by its HLC (deletes and restores are person writes too). */
  tombstones: Map<string, string>;
  generated: boolean;
  advance(ms: number): void;
  transport: Transport;
  /** A sealed account's keys (the oracle opens the server's envelopes with them), else undefined. */
  sealing?: AccountSealing;
  /** A fresh unique text for `field`. */
  unique(field: string): string;
  idOf(key: RecordKey): string;
  close(): void;
}

const DAY = 24 * 3_600_000;
/** Device clock offsets from the server's (ms): exact, ±10 minutes, ±1 day (issue 14). */
export const SKEWS = [0, 10 * 60_000, -10 * 60_000, DAY, -DAY] as const;

/** A world on a fresh copy of the template's server, with devices skewed by `skews` (ms). */
export async function createWorld(template: Awaited<ReturnType<typeof accountTemplate>>, skews: readonly number[], templateSealing?: AccountSealing): Promise<World> {
  const { t, transport, close: closeServer } = template.fresh();
  const sealing = templateSealing?.on(t.services.keys, t.deps.now); // the keys in this server's copy of the file
  const devices: Device[] = [];
  for (const skew of skews) devices.push({ db: await openOnDevice(template.userId, () => t.deps.now() + skew), keys: await sealing?.keysFor(), online: true, forms: {} });
  let n = 0;
  return {
    userId: template.userId,
    devices,
    writes: [],
    tombstones: new Map(),
    generated: false,
    advance: t.advance,
    transport,
    sealing,
    unique: (field) => `${field} ${++n}`,
    idOf: (key) => (key === 'plan' ? template.userId : key === 't0' ? DEFAULT_SURVIVOR_TASKS[0]!.id : key === 't1' ? DEFAULT_SURVIVOR_TASKS[1]!.id : key),
    close() {
      for (const d of devices) d.db.close();
      closeServer();
    },
  };
}

/**
 * Pull pages of 2 records: the model's few records then come in several pages, so each
 * sync takes the engine's paged path too (issue 41: the next page fetched and opened while one merges).
 */
const PAGE = { limit: 2 } as const;

/** One sync of `device` through the real engine (it measures the clock offset, rule 17), in pages of PAGE. */
export async function syncDevice(world: World, device: Device): Promise<void> {
  const transport: Transport = (request, signal) => world.transport({ ...request, ...PAGE }, signal);
  const engine = createSyncEngine({ db: device.db, transport, keys: device.keys, env: { locks: null }, intervalMs: 3_600_000, onClockErrors: () => {} });
  await engine.syncNow();
  await engine.stop();
}

/** The generated (default-task) value of a tracked field, or undefined for other records. */
export function generatedValue(key: RecordKey, field: string): unknown {
  if (key !== 't0' && key !== 't1') return undefined;
  return (DEFAULT_SURVIVOR_TASKS[key === 't0' ? 0 : 1] as unknown as Record<string, unknown>)[field];
}

/**
 * The oracle of one field (issue 14): the writes no later write was based on (the heads). One head:
 * the field must hold its value. Several (concurrent edits): it holds one of them, and each other
 * long text must be kept as a version. None: nobody touched it, so it holds what was generated or
 * nothing. Returns the heads and the losers to look for.
 */
export function expectedOf(world: World, key: RecordKey, field: string): { heads: string[] } {
  const writes = world.writes.filter((w) => w.key === key && w.field === field);
  const based = new Set(writes.map((w) => w.base));
  return { heads: writes.filter((w) => !based.has(w.value)).map((w) => w.value) };
}

/** The server's records as a device reads them (opened when the account is sealed; test-sealed.ts openRecords). */
export const openedServerRecords = (world: World, records: readonly ServerRecord[]) => openRecords(world.sealing, world.userId, records);
