/*
 * zod 4 probes `new Function('')` when it builds object schemas, to decide whether to compile
 * fast parsers. Under the app's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval';
 * issue #9, ASVS 3.4.3) the probe throws — zod catches it — but the browser reports a CSP
 * violation each time. zod reads its config from `globalThis.__zod_globalConfig`; setting
 * `jitless` here, in a classic script that runs before every module, skips the probe.
 */
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
