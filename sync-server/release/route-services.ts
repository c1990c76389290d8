/**
 * What the release's route modules (owner-routes.ts, owner-email.ts, check-in-routes.ts,
 * public-routes.ts, escrow/routes.ts, kits/*-routes.ts) read of the server's services, each
 * typed by its own domain's interface (other domains' through their index.ts). Each route module
 * takes a `Pick` of this, naming only what it uses; app.ts passes its whole `Services`, which has
 * every one of them (checked structurally), so no route module imports services.ts (issue 42).
 */
import type { AnyAccountStore } from '../accounts';
import type { RateLimiterFactory } from '../http/rate-limit';
import type { KeyStore } from '../keys';
import type { KitRelease } from './kits/confirm';
import type { KitService } from './kits/service';
import type { Mailer } from './mailer';
import type { PageServices } from './page-services';
import type { ReleaseScheduler } from './scheduler';
import type { TrusteePages } from './trustee-pages';

export interface ReleaseRouteServices extends PageServices {
  /** Sessions, for the session middleware (accounts/). */
  accounts: AnyAccountStore;
  scheduler: ReleaseScheduler;
  mailer: Mailer;
  kits: KitService;
  kitRelease: KitRelease;
  keys: KeyStore;
  trusteePages: TrusteePages;
  rateLimiters: RateLimiterFactory;
}
