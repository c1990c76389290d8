-- The highest emergency-choice version the server has held per owner and trustee, kept when the
-- owner removes the setting (security review s22 H1): the next setting must be above it, so a device
-- that had not synced the remove and the narrower choice saved after cannot put back its wider one.
-- Holds numbers only; forgotten with the account.
CREATE TABLE emergency_choice_marks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  high INTEGER NOT NULL CHECK (high >= 0),
  PRIMARY KEY (user_id, trustee_id)
);
