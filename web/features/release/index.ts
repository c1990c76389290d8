/**
 * What the release feature offers other features (issue 42: a feature reaches another only through
 * its index.ts): the release's API calls, its store (the status every signed-in screen reads), the
 * words of a finished release, and the naming of addresses by the people they belong to.
 * Re-exports only.
 */
export { getReleaseActivity, getReleaseReadiness, getReleaseRehearsal, getReleaseSettings, putReleaseSettings, resendInvitation, sendVerificationEmail } from './api';
export { nameAddresses, usePeopleByAddress } from './named-addresses';
export { useReleaseStore } from './release-store';
