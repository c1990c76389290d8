/**
 * The highest emergency-choice version this device has sealed per trustee (security review s22
 * L5), kept in the device's own database (Dexie `meta`, key `emergencyChoices`; never synced, so a
 * server cannot roll it back). sealEmergency refuses to seal a choice older than it: a lying server
 * that replays an older, wider trustee record cannot get this device to seal that record again.
 */
import type { AfterwordDexie } from '../../db/schema';

/** What sealing reads and raises (emergency-access.ts EmergencyDeps.seen). */
export interface ChoiceMemory {
  /** The highest version this device has sealed for `trusteeId`, 0 when none. */
  highest(trusteeId: string): Promise<number>;
  /** Raises the one kept for `trusteeId` to `version` (never lowers it). */
  note(trusteeId: string, version: number): Promise<void>;
}

/** The memory over the device's database `dexie`. */
export function createChoiceMemory(dexie: AfterwordDexie): ChoiceMemory {
  const read = async () => ((await dexie.meta.get('emergencyChoices'))?.value as Record<string, number> | undefined) ?? {};
  return {
    highest: async (trusteeId) => (await read())[trusteeId] ?? 0,
    note: (trusteeId, version) =>
      dexie.transaction('rw', dexie.meta, async () => {
        const kept = await read();
        if ((kept[trusteeId] ?? 0) < version) await dexie.meta.put({ key: 'emergencyChoices', value: { ...kept, [trusteeId]: version } });
      }),
  };
}
