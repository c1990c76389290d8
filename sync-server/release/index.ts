/**
 * The release (release/), as the other domains use it: the service and scheduler types the
 * password reset e-mail queues through, the day in ms, and resolving a single-purpose token.
 * The release state machine (state-machine.ts) is the one place that decides what happens to a
 * plan. Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { type ReleaseScheduler } from './scheduler';
export { type ReleaseService } from './service';
export { DAY_MS } from './state-machine';
export { resolveToken } from './tokens';
export { type KitService } from './kits/service';
