-- The release phase `awaiting-confirmations`, as SQLite's 018-release-awaiting-confirmations.sql.
ALTER TABLE release_state DROP CONSTRAINT release_state_phase_check;
ALTER TABLE release_state ADD CONSTRAINT release_state_phase_check CHECK (phase IN ('active', 'waiting', 'awaiting-confirmations', 'released'));
