import { rateLimiterContract } from './rate-limit.contract';
import { createRateLimiter } from './rate-limit';

rateLimiterContract('in memory (one process)', (opts) => createRateLimiter(opts));
