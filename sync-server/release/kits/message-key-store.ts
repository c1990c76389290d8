/**
 * Where each message's delivery choice and wrapped key are kept (table `message_keys`, SQLite
 * migration 019; PostgreSQL's twin in db/pg/pg-message-key-store.ts, same semantics). The store
 * holds only what message-keys.ts sealed or the owner's device wrapped: never a message key,
 * gate or Q in the clear.
 */
import type { Db } from '../../db/sqlite';

/** One message's choice for one kit generation (times in ms). */
export interface MessageKeyRow {
  user_id: string;
  message_id: string;
  generation: number;
  mode: 'server' | 'trustee';
  /** The message key's id, `msg:<messageId>~<version>`. */
  kid: string;
  /** "The server delivers it": G_m sealed under the release key's kits subkey (kits/seal.ts). */
  gate_wrap: string | null;
  /** "The server delivers it": the message key wrapped under messageDeliveryKey(Q, G_m). */
  wrap: string | null;
  /** "A trustee hands it over": JSON `[{ trusteeId, wrap }]` (first the trustee, then the backup). */
  handovers: string | null;
  /** A hand-delivered message's delivery-link token, sealed, minted once after the release. */
  link_wrap: string | null;
  updated_at: number;
}

export interface AsyncMessageKeyStore {
  /** Every row of the account (all messages, all generations), by message then generation. */
  list(userId: string): Promise<MessageKeyRow[]>;
  /** The rows of one message, by generation. */
  ofMessage(userId: string, messageId: string): Promise<MessageKeyRow[]>;
  /**
   * Stores `row` (replacing the message's row of that generation) and deletes the message's
   * rows of every generation in `drop`, in one transaction.
   */
  put(row: MessageKeyRow, drop: readonly number[]): Promise<void>;
  /** Replaces a row's sealed link token when it is still `previous` (null: none yet); false when another was stored meanwhile. */
  setLink(userId: string, messageId: string, generation: number, linkWrap: string, previous: string | null): Promise<boolean>;
}

/** The SQLite store over `db` (migration 019 applied). */
export function createSqliteMessageKeyStore(db: Db): AsyncMessageKeyStore {
  const q = {
    list: db.prepare<[string], MessageKeyRow>('SELECT * FROM message_keys WHERE user_id = ? ORDER BY message_id, generation'),
    one: db.prepare<[string, string], MessageKeyRow>('SELECT * FROM message_keys WHERE user_id = ? AND message_id = ? ORDER BY generation'),
    put: db.prepare(
      `INSERT INTO message_keys (user_id, message_id, generation, mode, kid, gate_wrap, wrap, handovers, link_wrap, updated_at)
       VALUES (@user_id, @message_id, @generation, @mode, @kid, @gate_wrap, @wrap, @handovers, @link_wrap, @updated_at)
       ON CONFLICT (user_id, message_id, generation) DO UPDATE SET mode = excluded.mode, kid = excluded.kid, gate_wrap = excluded.gate_wrap,
         wrap = excluded.wrap, handovers = excluded.handovers, link_wrap = excluded.link_wrap, updated_at = excluded.updated_at`,
    ),
    drop: db.prepare('DELETE FROM message_keys WHERE user_id = ? AND message_id = ? AND generation = ?'),
    link: db.prepare('UPDATE message_keys SET link_wrap = ? WHERE user_id = ? AND message_id = ? AND generation = ? AND link_wrap IS ?'),
  };
  const put = db.transaction((row: MessageKeyRow, drop: readonly number[]) => {
    for (const g of drop) q.drop.run(row.user_id, row.message_id, g);
    q.put.run(row);
  });
  return {
    list: async (userId) => q.list.all(userId),
    ofMessage: async (userId, messageId) => q.one.all(userId, messageId),
    put: async (row, drop) => void put(row, drop),
    setLink: async (userId, messageId, generation, linkWrap, previous) => q.link.run(linkWrap, userId, messageId, generation, previous).changes > 0,
  };
}
