-- An account made before keys has no account key to prove after a reset (auth/unproven.ts,
-- review M3): `unproven_tag` is the device-cookie tag (auth/device-cookie.ts passwordTag) of the
-- password the first unproven reset replaced, so a browser that signed in before it proves the
-- account; NULL for an account with keys at the reset, and whenever `unproven_since` is NULL.
ALTER TABLE users ADD COLUMN unproven_tag TEXT;
