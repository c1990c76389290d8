/**
 * zod 4 probes `new Function('')` to decide whether to compile fast parsers. Under the app's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval'; issue #9, ASVS 3.4.3) the
 * probe throws — caught by zod — but the browser still reports a CSP violation each time.
 * `jitless` skips the probe and uses the interpreted parsers. Imported first by web/main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
