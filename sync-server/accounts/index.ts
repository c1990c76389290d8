/**
 * Accounts' sessions and credentials (accounts/), as the other domains use them: the session
 * middleware, re-authentication, the proof a device holds its keys after a reset, the session
 * cookie, the login throttle and the fake KDF parameters an unknown name gets.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { currentSecretCheck, type CheckCurrentSecret } from './current-secret';
export { issueDeviceCookie } from './device-cookie';
export { fakeKdfParams } from './fake-salt';
export { createLoginThrottle } from './login-throttle';
export { requireSession, sessionStillLive } from './middleware';
export { type SessionDeps } from './session-deps';
export { type Hasher } from './hasher';
export { dummyHash } from './password';
export { requireRecentAuth } from './reauth';
export { clearSessionCookie, startSession, verifySessionCookie } from './session';
export { assertProven, isUnproven, provenByPastDevice, refuseUnprovenChange, requireProven, unprovenStateAt } from './unproven';
