/**
 * `npm run bench`: runs each benchmark module present in bench/ (bundle, sync, propagation, load, blobs), in that
 * order (propagation: issue 14). Each module exports `run(): Promise<void>` and prints its own table; a module that
 * throws fails the command.
 */
import { existsSync } from 'node:fs';

const MODULES = ['bundle', 'sync', 'propagation', 'load', 'blobs'];

for (const name of MODULES) {
  if (!existsSync(new URL(`./${name}.ts`, import.meta.url))) continue;
  const mod = (await import(`./${name}.ts`)) as { run: () => Promise<void> };
  await mod.run();
}
