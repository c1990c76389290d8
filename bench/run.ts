/**
 * `npm run bench`: runs each benchmark module present in bench/ (bundle, cold-dashboard (issue 41), lighthouse, paint, sync, sealed-sync, stores,
 * propagation, load, blobs, export, crypto, tenants), in that order (propagation: issue 14; lighthouse, paint: issue 20; stores: issue 19; blobs: issue 17; export: issue 18; crypto: shared/crypto/README.md; tenants: the account frame, SECURITY.md "Limits"; sealed-sync: shared/sync/README.md rules 24–26; kdf-devices: the KDF in Chromium under phone CPU profiles; first-sign-in: a cold browser's first sign-up and sign-in, issue 38; first-sync: a new device's first sync of 30,000 and 100,000 sealed records, issue 41; vs-parent: sync push and sign-in side by side with the parent commit of issue 39's work, at most +5%). Each module exports
 * `run(): Promise<void>` and prints its own table; a module that throws (a figure over its aim) fails the
 * command, after every module has run and printed.
 */
import { existsSync } from 'node:fs';

const MODULES = ['bundle', 'cold-dashboard', 'lighthouse', 'paint', 'sync', 'sealed-sync', 'first-sync', 'stores', 'propagation', 'load', 'blobs', 'export', 'crypto', 'kdf-devices', 'first-sign-in', 'tenants', 'vs-parent'];

const failures: string[] = [];
for (const name of MODULES) {
  if (!existsSync(new URL(`./${name}.ts`, import.meta.url))) continue;
  const mod = (await import(`./${name}.ts`)) as { run: () => Promise<void> };
  try {
    await mod.run();
  } catch (err) {
    failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
if (failures.length) {
  console.error(`\nnpm run bench: ${failures.length} benchmark(s) failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
  process.exit(1);
}
