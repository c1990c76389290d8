-- When each emergency-choice mark was last kept (ms), so an account's marks can be capped to its
-- newest (sharing/store/emergency-store.ts, marksKept: every per-account table is bounded); marks
-- from before count as the oldest. A removed trustee's marks are deleted with them.
ALTER TABLE emergency_choice_marks ADD COLUMN kept_at INTEGER NOT NULL DEFAULT 0;
