-- When each emergency-choice mark was last kept (ms), as SQLite's 035-emergency-marks-kept-at.sql
-- (see there).
ALTER TABLE emergency_choice_marks ADD COLUMN kept_at BIGINT NOT NULL DEFAULT 0;
