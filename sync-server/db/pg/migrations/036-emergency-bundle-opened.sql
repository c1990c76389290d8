-- When the trustee's page opened a granted request's emergency bundle, for the owner's timeline,
-- as SQLite's 037-emergency-bundle-opened.sql.
CREATE TABLE emergency_bundle_opened (
  request_id TEXT PRIMARY KEY REFERENCES emergency_requests(id) ON DELETE CASCADE,
  opened_at BIGINT NOT NULL
);
