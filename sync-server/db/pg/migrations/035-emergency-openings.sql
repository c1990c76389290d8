-- Each opening of a granted emergency request, for the owner's timeline, as SQLite's
-- 036-emergency-openings.sql.
CREATE TABLE emergency_openings (
  request_id TEXT NOT NULL REFERENCES emergency_requests(id) ON DELETE CASCADE,
  opened_at BIGINT NOT NULL,
  PRIMARY KEY (request_id, opened_at)
);
