-- The latest sequence of one account's collection in one index seek (issue #20): the server's
-- cache of serialised lists (sync-server/records.ts listJson) reads it after every change of the
-- account, and without this index it read each record of the collection (their whole state).
CREATE INDEX records_user_collection_seq ON records(user_id, collection, seq);
