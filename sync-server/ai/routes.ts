/**
 * The AI endpoints of SPEC.md §7: `GET /api/recommendations?budget=`,
 * `POST /api/recommendations` (the same, with the device's planning snapshot in the body),
 * `POST /api/astrological-insights`, `POST /api/generate-obituary`, `POST /api/suggest-music`
 * and `POST /api/survivor-tasks/generate-automation`, and `GET /api/ai/provider` (which AI
 * answers here, so the device knows whether a request would leave it). All require a session and
 * share one per-user rate limit (DESIGN.md §4); bodies are validated with the shared schemas
 * (shared/schema/ai.ts), so a bad field is a 400 naming it.
 *
 * These routes answer only from the request: they read no record of the person (their content
 * is sealed on the device, SECURITY.md). `GET /api/recommendations` has no body, so it answers
 * for a plan it knows nothing of; the app computes recommendations on the device, or posts its
 * snapshot after the person agreed to send it.
 *
 * Mount with `app.route('/', aiRoutes(deps, services, { ai: createAiProvider(deps.config, services.rateLimiters) }))`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  astrologicalRequestSchema,
  automationRequestSchema,
  musicRequestSchema,
  obituaryRequestSchema,
  recommendationsQuerySchema,
  recommendationsRequestSchema,
} from '../../shared/schema';
import { EMPTY_SNAPSHOT } from '../../shared/ai/snapshot';
import { createAiAccountShare } from './budget';
import type { AiProvider } from '../../shared/ai/provider';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, type SessionDeps } from '../accounts';
import { createRateLimiter, type RateLimiterFactory } from '../http/rate-limit';
import { parseWith, readJson } from '../http/validate';

/** Requests per user per window, across all AI endpoints together. */
export const AI_RATE_LIMIT = 30;
export const AI_RATE_WINDOW_MS = 60_000;
export const AI_RATE_LIMIT_MESSAGE = 'Too many AI requests. Please wait a minute and try again.';

export interface AiRoutesOptions {
  ai: AiProvider;
}

/** What the AI routes use (app.ts passes its Services): sessions and the rate limiters (the per-account share of the AI budget). */
export interface AiRouteDeps extends SessionDeps {
  rateLimiters: RateLimiterFactory;
}

export function aiRoutes(deps: AppDeps, services: AiRouteDeps, opts: AiRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limiter = createRateLimiter({
    limit: AI_RATE_LIMIT,
    windowMs: AI_RATE_WINDOW_MS,
    now: deps.now,
    message: AI_RATE_LIMIT_MESSAGE,
  });
  const session = requireSession(deps, services);
  // With a model configured, each account also has its share of the server's AI day (ai/budget.ts).
  const share = deps.config.openai.apiKey ? createAiAccountShare(deps.config.limits, services.rateLimiters) : null;
  const limited: MiddlewareHandler<AppEnv> = async (c, next) => {
    limiter.hit(c.var.userId);
    await share?.charge(c.var.userId);
    await next();
  };
  const { ai } = opts;
  const provider = deps.config.openai.apiKey ? 'openai' : 'builtin';

  app.get('/api/ai/provider', session, (c) => c.json({ provider }));

  app.get('/api/recommendations', session, limited, async (c) => {
    const budget = c.req.query('budget');
    const query = parseWith(recommendationsQuerySchema, { budget: budget === '' ? undefined : budget });
    return c.json(await ai.recommendations({ budget: query.budget, snapshot: EMPTY_SNAPSHOT }));
  });

  app.post('/api/recommendations', session, limited, async (c) =>
    c.json(await ai.recommendations(await readJson(c, recommendationsRequestSchema))),
  );

  app.post('/api/astrological-insights', session, limited, async (c) =>
    c.json(await ai.astrologicalInsights(await readJson(c, astrologicalRequestSchema))),
  );

  app.post('/api/generate-obituary', session, limited, async (c) =>
    c.json(await ai.obituary(await readJson(c, obituaryRequestSchema))),
  );

  app.post('/api/suggest-music', session, limited, async (c) =>
    c.json(await ai.music(await readJson(c, musicRequestSchema))),
  );

  app.post('/api/survivor-tasks/generate-automation', session, limited, async (c) =>
    c.json(await ai.automation(await readJson(c, automationRequestSchema))),
  );

  return app;
}
