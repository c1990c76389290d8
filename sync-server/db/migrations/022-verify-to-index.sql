-- "Confirm your e-mail address" e-mails are capped per target address per day across accounts
-- (issue 40; release/owner-email.ts): the count of an address's recent verification e-mails reads
-- this small partial index, not the whole queue.
CREATE INDEX release_emails_verify_to ON release_emails(lower(to_addr), created_at) WHERE quota = 'verify';
