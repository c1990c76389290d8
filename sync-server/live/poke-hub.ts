/**
 * The poke hub (DESIGN.md §2 "Clocks and liveness", rule 19 of shared/sync/README.md; anchor:
 * Replicache's poke): per account, the open Server-Sent-Events connections of its devices. After a
 * write that changed an account's records the server pokes them; a poke carries no data, only
 * "changed", and each device then pulls through `POST /api/sync` as usual. In memory, one per app
 * (created in createApp and passed explicitly); a server restart just drops the connections, which
 * the devices reopen.
 */

/** One open connection: `poke` sends "changed", `close` ends the stream. */
export interface PokeConnection {
  poke(): void;
  close(): void;
}

export interface PokeHub {
  /**
   * Adds `conn` to `userId`'s connections; when that makes more than the limit, the oldest is
   * closed and dropped. Returns the function that removes `conn` (idempotent).
   */
  add(userId: string, conn: PokeConnection): () => void;
  /** Pokes every open connection of `userId` (none: nothing happens). */
  poke(userId: string): void;
  /** How many connections `userId` has open. */
  count(userId: string): number;
}

/** Most open connections per account (a person's devices and tabs); the oldest is closed beyond it. */
export const MAX_CONNECTIONS_PER_ACCOUNT = 10;

/** A new, empty hub; `maxPerAccount` bounds each account's connections (default 10). */
export function createPokeHub(maxPerAccount = MAX_CONNECTIONS_PER_ACCOUNT): PokeHub {
  const byUser = new Map<string, PokeConnection[]>();
  const remove = (userId: string, conn: PokeConnection) => {
    const list = byUser.get(userId);
    if (!list) return;
    const i = list.indexOf(conn);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) byUser.delete(userId);
  };
  return {
    add(userId, conn) {
      const list = byUser.get(userId) ?? [];
      byUser.set(userId, list);
      list.push(conn);
      while (list.length > maxPerAccount) list.shift()!.close();
      return () => remove(userId, conn);
    },
    poke(userId) {
      for (const conn of [...(byUser.get(userId) ?? [])]) conn.poke();
    },
    count: (userId) => byUser.get(userId)?.length ?? 0,
  };
}

/**
 * `hub` with each account's pokes coalesced (SECURITY.md "Limits", `pokeWindowMs`): an account's
 * first poke goes out at once and opens a window of `windowMs`; pokes inside it are folded into
 * one poke when it closes (which opens the next window), so a burst of writes makes at most one
 * poke per window per account and the last change is always told. Only windows with a poke open
 * are held (one timer each, not keeping the process alive).
 */
export function coalescePokes(hub: PokeHub, windowMs: number): PokeHub {
  const open = new Map<string, { again: boolean }>();
  const start = (userId: string) => {
    const w = { again: false };
    open.set(userId, w);
    setTimeout(() => {
      open.delete(userId);
      if (w.again) {
        hub.poke(userId);
        start(userId);
      }
    }, windowMs).unref?.();
  };
  return {
    ...hub,
    poke(userId) {
      const w = open.get(userId);
      if (w) {
        w.again = true;
        return;
      }
      hub.poke(userId);
      start(userId);
    },
  };
}
