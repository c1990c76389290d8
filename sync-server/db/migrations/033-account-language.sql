-- The account's language (issue 44): the language of its screens on a new device and of the
-- e-mails the server writes to the owner. Plain, like the e-mail address (SECURITY.md "What the
-- server can read"): the server writes in it. One of shared/languages.ts LANGUAGES, checked by the
-- API (zod); accounts made before this migration speak English, as the app did.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
