-- What each account holds (shared/limits.ts: live records per collection, bytes of every stored
-- state, tombstones included), kept on the account's row by every push in the push's own
-- transaction, which holds that row locked anyway (pg-record-store.ts). The per-account limits
-- read it there instead of scanning all of the account's records inside every push (issue #19).
-- usage_seq is the sync_seq the kept usage counts up to: a push by a server older than this
-- migration (several versions side by side during an upgrade, or a rollback) moves sync_seq but
-- not the usage, and the next push or read that sees them differ counts the account afresh.
ALTER TABLE users ADD COLUMN usage_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN usage_live JSONB NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN usage_seq BIGINT NOT NULL DEFAULT 0;

UPDATE users SET usage_seq = sync_seq;
UPDATE users u SET usage_bytes = s.bytes, usage_live = s.live
  FROM (
    SELECT user_id, SUM(bytes)::bigint AS bytes, jsonb_object_agg(collection, live) AS live
      FROM (
        SELECT user_id, collection, SUM(octet_length(state)) AS bytes, COUNT(*) FILTER (WHERE NOT deleted) AS live
          FROM records GROUP BY user_id, collection
      ) per_collection
     GROUP BY user_id
  ) s
 WHERE u.id = s.user_id;
