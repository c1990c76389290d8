/**
 * The release (release/), as the other domains use it: the service and scheduler types the
 * password reset e-mail queues through, the day in ms, resolving a single-purpose token, the
 * yearly sharing reminder's counts (sharing/yearly-reminder.ts), and sealing a small secret under
 * a subkey of the release key (sharing/gate-seal.ts seals emergency gates so), and the server's
 * words as data (server-words.ts: the password reset's activity line).
 * The release state machine (state-machine.ts) is the one place that decides what happens to a
 * plan. Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { type ReleaseScheduler } from './scheduler';
export { type ReleaseService } from './service';
export { DAY_MS } from './state-machine';
export { resolveToken } from './tokens';
export { type KitService } from './kits/service';
export { type SharingCounts } from './emails-sharing';
export { type ReleaseKey } from './escrow/release-key';
export { createSubkeySealer } from './escrow/subkey-seal';
export { serverWord } from './server-words';
