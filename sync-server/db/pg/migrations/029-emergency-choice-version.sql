-- The version of the owner's emergency choice each setting was sealed from, as SQLite's
-- 030-emergency-choice-version.sql: NULL in rows from before (any version replaces them).
ALTER TABLE emergency_settings ADD COLUMN choice_version INTEGER CHECK (choice_version IS NULL OR choice_version >= 0);
