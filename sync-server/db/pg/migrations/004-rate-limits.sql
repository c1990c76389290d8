-- Rate-limit windows shared by every instance (issue #19: "rate limits are shared"), the
-- counterpart of http/rate-limit.ts's in-memory fixed windows: one row per limiter and key
-- (IP, username or user id), counted with one upsert. Rows whose window ended are deleted by
-- housekeeping.
CREATE TABLE rate_limit_windows (
  limiter TEXT NOT NULL,
  key TEXT NOT NULL,
  -- start of the current window (ms since the epoch)
  window_start BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (limiter, key)
);
CREATE INDEX rate_limit_windows_start ON rate_limit_windows(window_start);
