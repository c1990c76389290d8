-- Release that works for decades (issue #16) and cannot be harmed by another account (#15).

-- E-mail is never dropped: retries with exponential backoff for days, across restarts.
--   next_attempt_at   not before this (ms); 0 = now
--   first_attempt_at  when sending was first tried (the retry window starts here)
--   failed_at/failure a permanent end: 'refused' (SMTP 5xx), 'expired' (retries ran out) or
--                     'superseded' (an invitation that no longer applies; not shown as a failure)
--   written_at        written to DATA_DIR/outbox (no SMTP_URL): reached no one, still pending for SMTP
--   quota             'invite' or 'resend': counted against shared/limits.ts per account per day
--   seen_at           the owner dismissed the banner about this failure
ALTER TABLE release_emails ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE release_emails ADD COLUMN first_attempt_at INTEGER;
ALTER TABLE release_emails ADD COLUMN failed_at INTEGER;
ALTER TABLE release_emails ADD COLUMN failure TEXT;
ALTER TABLE release_emails ADD COLUMN written_at INTEGER;
ALTER TABLE release_emails ADD COLUMN quota TEXT;
ALTER TABLE release_emails ADD COLUMN seen_at INTEGER;
CREATE INDEX release_emails_due ON release_emails(sent_at, failed_at, next_attempt_at);
CREATE INDEX release_emails_user ON release_emails(user_id, quota, created_at);

-- A delivery link names the address it was sent to: re-addressing a message revokes it at once.
ALTER TABLE release_tokens ADD COLUMN addr TEXT;

-- Links that last: yearly confirmations, and what the owner sees of each trustee.
ALTER TABLE release_trustees ADD COLUMN confirmed_at INTEGER;
ALTER TABLE release_trustees ADD COLUMN confirm_sent_at INTEGER;
ALTER TABLE release_trustees ADD COLUMN bounced_at INTEGER;

-- The owner's yearly "review your plan" e-mail falls due at this time (ms).
ALTER TABLE release_state ADD COLUMN review_due_at INTEGER;

-- What each message was last delivered as, so a change after delivery is noticed: a new
-- address is delivered to (the old link revoked), a new text is re-delivered with a note.
CREATE TABLE release_deliveries (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  addr TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  round INTEGER NOT NULL,
  queued_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, message_id)
);
