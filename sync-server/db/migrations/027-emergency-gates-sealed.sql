-- Emergency gates sealed at rest (issue 43; docs/sharing.md "The key behind the gate";
-- sync-server/sharing/gate-seal.ts). From now on `emergency_settings.gate` holds the gate sealed
-- under the release key's `emergency` subkey (`e1.<nonce>.<ciphertext>`), never as the owner's
-- device sent it. The release key lives outside the database, so SQL cannot seal the gates stored
-- plain by 025: the scheduler's pass seals them in place (emergency-service.ts `tick`, a bounded
-- batch per pass), finding them through this index of the rows not yet sealed (few, then none).
CREATE INDEX emergency_settings_plain_gate ON emergency_settings (user_id, trustee_id) WHERE substr(gate, 1, 3) <> 'e1.';
