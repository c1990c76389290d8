-- The owner's timeline (issue 43 "The owner always knows") says when the trustee's page OPENED the
-- emergency bundle, not only when the server handed it the gate (036): the page tells the server
-- once it has opened it (POST /api/kit/:token/emergency/opened, sharing/emergency-routes.ts). One
-- row per granted request, the first time kept (a second telling changes nothing), gone with the
-- request or account.
CREATE TABLE emergency_bundle_opened (
  request_id TEXT PRIMARY KEY REFERENCES emergency_requests(id) ON DELETE CASCADE,
  opened_at INTEGER NOT NULL
);
