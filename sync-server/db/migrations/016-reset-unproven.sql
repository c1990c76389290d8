-- A password reset is unproven until a device proves it holds the account key (auth/unproven.ts):
-- the account, not only the session the reset made, waits for that proof, so signing in again
-- with the new password does not end it. `unproven_since` is the reset's time (ms); NULL: proven.
ALTER TABLE users ADD COLUMN unproven_since INTEGER;
