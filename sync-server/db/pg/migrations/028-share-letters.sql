-- "Share now" for a letter, as SQLite's 029-share-letters.sql: the kind's CHECK is widened in place.
ALTER TABLE shares DROP CONSTRAINT shares_item_kind_check;
ALTER TABLE shares ADD CONSTRAINT shares_item_kind_check CHECK (item_kind IN ('document', 'plan-section', 'task-list', 'trustee', 'letter'));
