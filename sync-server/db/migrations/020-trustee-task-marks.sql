-- Who marked a survivor task done after the release, and when (DESIGN.md §8; release/task-marks.ts):
-- one row per (owner, task, trustee), kept by the server in plain text OUTSIDE the task record, so
-- a sealed account's `completionStatus` stays the owner's and a trustee's tick needs no key.
-- `done_at` in ms. A task's marks go when the family marks it not done.
CREATE TABLE release_task_marks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  trustee_id TEXT NOT NULL,
  done_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, task_id, trustee_id)
);
