-- How each message's key reaches its recipient once trustee kits exist (sync-server/kits/
-- message-keys.ts; README.md "Trustee kits"), one row per message and live kit generation:
--   mode 'server'  ("The server delivers it"): gate_wrap is the message's gate G_m sealed under the
--                  release key's kits subkey (kits/seal.ts), wrap is the message key wrapped under
--                  messageDeliveryKey(Q, G_m): the server opens it only after a release, with Q.
--   mode 'trustee' ("A trustee hands it over"): no gate and no server wrap, ever; handovers is JSON
--                  [{ "trusteeId", "wrap" }] (one trustee, optionally a backup), each wrap under
--                  handoverKey(Q, G_j, t_j), which the server cannot derive (it never has t_j).
-- link_wrap: the hand-delivered message's delivery-link token, sealed like the gates, minted once
-- for the trustee's page after the release. kid: the message key's id (msg:<id>~<version>).
CREATE TABLE message_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  generation INTEGER NOT NULL CHECK (generation >= 1),
  mode TEXT NOT NULL CHECK (mode IN ('server', 'trustee')),
  kid TEXT NOT NULL,
  gate_wrap TEXT,
  wrap TEXT,
  handovers TEXT,
  link_wrap TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, message_id, generation),
  CHECK ((mode = 'server' AND gate_wrap IS NOT NULL AND wrap IS NOT NULL AND handovers IS NULL)
      OR (mode = 'trustee' AND gate_wrap IS NULL AND wrap IS NULL AND handovers IS NOT NULL))
);
