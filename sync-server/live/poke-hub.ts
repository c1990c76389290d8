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
