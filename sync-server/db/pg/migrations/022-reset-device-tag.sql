-- The password tag a browser from before an older account's reset proves with, as SQLite's 023-reset-device-tag.sql.
ALTER TABLE users ADD COLUMN unproven_tag TEXT;
