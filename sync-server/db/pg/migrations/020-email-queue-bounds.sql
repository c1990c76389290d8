-- The e-mail queue stays bounded, as SQLite's 021-email-queue-bounds.sql.
CREATE INDEX release_emails_quota_sent ON release_emails(user_id, quota, COALESCE(sent_at, written_at));
CREATE INDEX release_emails_finished ON release_emails(COALESCE(sent_at, failed_at)) WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;
