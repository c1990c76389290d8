/**
 * The owner's kit routes (contract §2, sync-server/kits/): what the device reads and sends to make
 * and follow trustee kits. The server never sees a kit's secret: it keeps the owner copy sealed
 * under AK, one commitment per share, the check value of Q and each trustee's sealed blob.
 * `api` is apiFetch (web/api/client.ts) or a test's caller over the real app, passed in explicitly.
 */
import type { Api } from '../../keys';

import type { KitGeneration, KitsState, NewGenerationAnswer, NewGenerationBody } from '../../../../shared/schema/kits';

export type { KitGeneration, KitsState, KitStatus, NewGenerationAnswer, NewGenerationBody, NewKitBody } from '../../../../shared/schema/kits';

/** The account's kits. Throws what `api` throws (ApiError, or the fetch TypeError offline). */
export const getKits = (api: Api): Promise<KitsState> => api<KitsState>('/api/kits');

/** Stores a new generation (201). Throws what `api` throws: 4xx `{ error, issues }` names the field. */
export const postKits = (api: Api, body: NewGenerationBody): Promise<NewGenerationAnswer> =>
  api<NewGenerationAnswer>('/api/kits', { method: 'POST', body });

/** The generation whose kits the owner hands over now: the pending one while there is one, else the current one. */
export const shownGeneration = (state: KitsState): KitGeneration | null => state.pending ?? state.current;

/** The number a new generation must have: one more than the highest the server holds. */
export const nextGenerationNumber = (state: KitsState): number =>
  Math.max(0, state.current?.generation ?? 0, state.pending?.generation ?? 0) + 1;
