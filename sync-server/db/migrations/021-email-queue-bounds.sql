-- The e-mail queue stays bounded (issue 40, finding 4; release/outbox.ts):
-- the daily quotas count an account's e-mails sent in the last day by send time, one index seek
-- instead of a read of all of the account's rows (email-quotas.ts `quotaWait`, at every send);
-- finished e-mails are found by when they finished, for their deletion after EMAIL_RETENTION_DAYS.
CREATE INDEX release_emails_quota_sent ON release_emails(user_id, quota, COALESCE(sent_at, written_at));
CREATE INDEX release_emails_finished ON release_emails(COALESCE(sent_at, failed_at)) WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;
