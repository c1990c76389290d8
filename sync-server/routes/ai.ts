/**
 * The AI endpoints of SPEC.md §7: `GET /api/recommendations?budget=`,
 * `POST /api/astrological-insights`, `POST /api/generate-obituary`, `POST /api/suggest-music`
 * and `POST /api/survivor-tasks/generate-automation`. All require a session and share one
 * per-user rate limit (DESIGN.md §4); bodies are validated with the shared schemas
 * (shared/schema/ai.ts), so a bad field is a 400 naming it.
 *
 * Mount with `app.route('/', aiRoutes(deps, services, { ai: createAiProvider(deps.config, services.rateLimiters), snapshot }))`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  astrologicalRequestSchema,
  automationRequestSchema,
  musicRequestSchema,
  obituaryRequestSchema,
  recommendationsQuerySchema,
} from '../../shared/schema';
import { createAiAccountShare } from '../ai/budget';
import type { AiProvider, PlanningSnapshot } from '../ai/provider';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import type { Services } from '../services';
import { createRateLimiter } from '../http/rate-limit';
import { parseWith, readJson } from '../http/validate';

/** Requests per user per window, across all AI endpoints together. */
export const AI_RATE_LIMIT = 30;
export const AI_RATE_WINDOW_MS = 60_000;
export const AI_RATE_LIMIT_MESSAGE = 'Too many AI requests. Please wait a minute and try again.';

export interface AiRoutesOptions {
  ai: AiProvider;
  /** What the signed-in user has planned, for recommendations (built from the data store). */
  snapshot: (userId: string) => PlanningSnapshot | Promise<PlanningSnapshot>;
}

export function aiRoutes(deps: AppDeps, services: Services, opts: AiRoutesOptions): Hono<AppEnv> {
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

  app.get('/api/recommendations', session, limited, async (c) => {
    const budget = c.req.query('budget');
    const query = parseWith(recommendationsQuerySchema, { budget: budget === '' ? undefined : budget });
    const snapshot = await opts.snapshot(c.var.userId);
    return c.json(await ai.recommendations({ budget: query.budget, snapshot }));
  });

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
