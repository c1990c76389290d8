-- "Confirm your e-mail address" e-mails per target address, as SQLite's 022-verify-to-index.sql.
CREATE INDEX release_emails_verify_to ON release_emails(lower(to_addr), created_at) WHERE quota = 'verify';
