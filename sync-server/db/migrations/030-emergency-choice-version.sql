-- The version of the owner's emergency choice each setting was sealed from (issue 43 leftovers):
-- the server refuses a setting sealed from an older choice than the one it holds (a device that
-- had not synced a narrower choice would seal the wider one it still held). NULL in rows from
-- before: any version replaces them.
ALTER TABLE emergency_settings ADD COLUMN choice_version INTEGER CHECK (choice_version IS NULL OR choice_version >= 0);
