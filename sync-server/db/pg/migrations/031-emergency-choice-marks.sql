-- The highest emergency-choice version held per owner and trustee, kept past a remove, as SQLite's
-- 032-emergency-choice-marks.sql (see there).
CREATE TABLE emergency_choice_marks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  high INTEGER NOT NULL CHECK (high >= 0),
  PRIMARY KEY (user_id, trustee_id)
);
