-- Emergency gates sealed at rest (issue 43), as SQLite's 027-emergency-gates-sealed.sql (see there):
-- the scheduler seals the gates 024 stored plain; this index finds the rows not yet sealed.
CREATE INDEX emergency_settings_plain_gate ON emergency_settings (user_id, trustee_id) WHERE substr(gate, 1, 3) <> 'e1.';
