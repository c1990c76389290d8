-- The owner's verified e-mail address (SECURITY.md "Limits", e-mail quotas): the release writes
-- to the owner (reminders, "a waiting period has started", …) only at the address they proved to
-- hold by following a single-use link (release/owner-email.ts). `email` is the profile address,
-- lower-cased, as it was when verified; a changed profile address no longer matches it, so a
-- changed address is unverified until its own link is followed. Accounts from before this
-- migration have no row: unverified until the owner asks for a link (Settings).
CREATE TABLE owner_email (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  verified_at INTEGER NOT NULL
);
