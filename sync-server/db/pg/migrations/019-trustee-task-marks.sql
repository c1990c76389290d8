-- Who marked a survivor task done after the release, and when, as SQLite's 017-trustee-task-marks.sql.
CREATE TABLE release_task_marks (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  task_id TEXT NOT NULL,
  trustee_id TEXT NOT NULL,
  done_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, task_id, trustee_id)
);
