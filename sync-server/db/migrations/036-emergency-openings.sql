-- The owner's timeline (issue 43 "The owner always knows": "every emergency request and every
-- opening") keeps each time a trustee's page was handed the emergency gate after the wait
-- (sharing/store/emergency-store.ts). One row per opening of a request (a reload within a minute is
-- the same opening; at most the newest 50 are kept per request), gone with the request or account.
CREATE TABLE emergency_openings (
  request_id TEXT NOT NULL REFERENCES emergency_requests(id) ON DELETE CASCADE,
  opened_at INTEGER NOT NULL,
  PRIMARY KEY (request_id, opened_at)
);
