/**
 * What the keys' route modules (routes.ts, proof-route.ts, rotate-route.ts, seal-routes.ts) read
 * of the server's services, each typed by its own domain's interface (other domains' through their
 * index.ts). Each route module takes a `Pick` of this, naming only what it uses; app.ts passes its
 * whole `Services`, which has every one of them (checked structurally), so no route module imports
 * services.ts (issue 42).
 */
import type { AnyAccountStore, currentSecretCheck } from '../accounts';
import type { RateLimiterFactory } from '../http/rate-limit';
import type { ReleaseService } from '../release';
import type { KeyStore } from './key-store';
import type { SealStore } from './seal-store';

export interface KeyRouteServices {
  /** Accounts and sessions: the session middleware (accounts/), sign-in lookups, a session's proof. */
  accounts: AnyAccountStore;
  rateLimiters: RateLimiterFactory;
  /** Password hashes in their turn (accounts/hasher.ts), as the current-secret check takes them. */
  hasher: Parameters<typeof currentSecretCheck>[0]['hasher'];
  keys: KeyStore;
  /** The migration of an account made before keys (seal-store.ts). */
  seal: SealStore;
  /** Whether a release is under way (a sealing waits for none). */
  release: Pick<ReleaseService, 'state'>;
}
