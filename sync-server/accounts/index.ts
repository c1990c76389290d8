/**
 * Accounts (accounts/): registration, sign-in and sessions, passwords, the password reset and the
 * profile. Its routes (auth-routes.ts, password-reset-routes.ts, profile-routes.ts) are mounted
 * by app.ts. What it offers the other domains: the session middleware (`requireSession`,
 * `sessionStillLive`) and what it reads (`SessionDeps`), re-authentication (`requireRecentAuth`),
 * the proof a device holds its keys after a reset (`requireProven`, `assertProven`, …), the
 * current-secret check, the session and device cookies, the login throttle, the password hasher's
 * type and the fake KDF parameters an unknown name gets, and its store's shape (`AnyAccountStore`;
 * both engines' stores are in store/).
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { currentSecretCheck, type CheckCurrentSecret } from './current-secret';
export { issueDeviceCookie } from './device-cookie';
export { fakeKdfParams } from './fake-salt';
export { createLoginThrottle } from './login-throttle';
export { requireSession, sessionStillLive } from './middleware';
export { type SessionDeps } from './session-deps';
export { type AnyAccountStore } from './store/account-store';
export { type Hasher } from './hasher';
export { dummyHash } from './password';
export { requireRecentAuth } from './reauth';
export { clearSessionCookie, startSession, verifySessionCookie } from './session';
export { assertProven, isUnproven, provenByPastDevice, refuseUnprovenChange, requireProven, unprovenStateAt } from './unproven';
