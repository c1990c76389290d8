/**
 * zod for the shared schemas (issue #20): `zod/mini`, the functional API over zod's core, which the
 * browser can tree-shake (zod classic's method-per-schema API, with its JSON-schema machinery, cost
 * the signed-in screens ~26 KB gzip). Error texts and `issues` stay exactly as zod classic makes them
 * (SPEC.md's texts are requirements): the English locale classic installs on its first schema is
 * installed here the same way, only when no locale is set yet.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

if (!z.core.globalConfig.localeError) z.config(en());

export { z };
