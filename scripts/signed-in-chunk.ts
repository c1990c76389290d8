/**
 * One chunk for what a signed-in start runs (issue 41 "The dashboard loads only what it shows").
 * Left to rolldown's automatic splitting, the code a cold signed-in /dashboard runs came as ~80
 * chunks of 0.1–7 KB (each module shared differently with some lazy screen got its own): 90.6 KB
 * of JS gzip in 79 files, 69.8 KB as one file (gzip compresses across modules, not across files),
 * and on a phone each level of `import` is one more round trip.
 *
 * `createSignedInChunk()` gives a Vite plugin that, once the module graph is built, works out the modules
 * the signed-in start loads: what SIGNED_IN_ROOTS import statically (the router, the layout, the
 * signed-in services and the dashboard), minus what
 * the public screens (landing, sign-in, sign-up, help…: web/app/screens.ts) import, which stays
 * where it was so that those pages fetch no more than before. Its `group` is the codeSplitting
 * group (vite.config.ts) that puts them into one `signed-in` chunk (the group takes no module it was
 * not given: includeDependenciesRecursively false); large libraries (BIG_LIBRARIES) keep chunks of
 * their own (cached across builds; zod is not for painting: bench/bundle.ts). A module the start does
 * not run (the wizard, the forms, dialogs, the kits, the write kit with the zod schemas: fetched once
 * the page is quiet, issue 41) stays lazy as it was. Measured by bench/bundle.ts:
 * a cold completed /dashboard fetched 245.8 KB in 84 scripts, then 221.6 KB in 38; public pages alike.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** What a signed-in start of /dashboard loads (static imports of these come along). */
export const SIGNED_IN_ROOTS = [
  '../web/app/FullApp.tsx',
  '../web/app/AppLayout.tsx',
  '../web/app/SignedInServices.tsx',
  '../web/features/dashboard/index.tsx',
].map(here);

/**
 * The key session and what follows it (web/features/keys/key-session.ts, key-effects.ts), which the
 * signed-in start fetches with the sync engine, once the first screen is quiet (web/sync/lifecycle.ts,
 * issue 41), and the sign-in forms with their key flows: one `key-session` chunk (its modules not
 * public nor in the signed-in chunk), not a dozen small ones that each importer would list.
 */
export const KEY_SESSION_ROOTS = ['../web/features/keys/key-session.ts', '../web/features/keys/key-effects.ts'].map(here);

/** The public screens (and the entry): what they import is never moved into the signed-in chunk. */
const ENTRY = here('../web/main.tsx');
const PUBLIC_SCREENS = here('../web/app/screens.ts');
/** The frame of every page, signed in or not, whose pieces (toasts, the AI consent, the update prompt) load lazily. */
const CHROME = here('../web/app/AppChrome.tsx');
/** The sign-in pages' language field, whose select (web/ui/Select.tsx) loads on first use (issue 41). */
const LANGUAGE_FIELD = here('../web/app/LanguageField.tsx');

/** The public screens whose first load bench/bundle.ts measures (issue 41: none of them may grow). */
const MEASURED_SCREENS = /[\\/]features[\\/](landing[\\/]index|auth[\\/]LoginPage|auth[\\/]RegisterPage)\.tsx$/;

/** Libraries that keep a chunk of their own. */
export const BIG_LIBRARIES = /[\\/]node_modules[\\/](react-router|react-router-dom|dexie|zod)[\\/]/;

/**
 * Re-exports only, whose modules load only by the names imported: a feature's index.ts
 * (web/features/feature-index.test.ts) and the icon library's entry. Followed whole, the icon
 * library made every one of its icons "public" (the sign-in page imports a few), so the icons only
 * signed-in screens use stayed out of the signed-in chunk and were put in the lazy roots' chunks,
 * which the signed-in chunk then imported while they imported it: chunks in a loop, whose order of
 * running was set by timing (scripts/chunk-cycles.ts; React error #130 on a loaded machine).
 */
const BARREL = /[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$|[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** The names `source` imports by value (not `import type`) from any module, e.g. `import D, { a, type B } from '…'` → a. */
function importedNames(source: string): Set<string> {
  const names = new Set<string>();
  for (const m of source.matchAll(/import\s+(?:[\w$]+\s*,\s*)?(?!type\b)\{([^}]*)\}\s*from/g))
    for (const part of m[1]!.split(',')) if (part.trim() && !part.trim().startsWith('type ')) names.add(part.trim().split(/\s+as\s+/)[0]!);
  return names;
}

/** The relative modules of a barrel's `export { … } from './x'` lines that give one of `names`. */
function barrelTargets(barrel: string, names: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of readFileSync(barrel, 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    const given = m[1]!.split(',').map((p) => p.trim()).filter((p) => p && !p.startsWith('type '));
    if (given.some((n) => names.has(n.split(/\s+as\s+/).pop()!))) out.push(m[2]!);
  }
  return out;
}

interface GraphModule {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers?: readonly string[];
}

/** Every module `roots` reach by static imports (and, with `dynamic`, by import() too). */
function reach(roots: readonly string[], info: (id: string) => GraphModule | null, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const m = info(id);
    if (!m) return;
    m.importedIds.forEach(visit);
    if (dynamic) m.dynamicallyImportedIds.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * The modules `roots` reach by static imports, a feature's barrel followed only to the modules that
 * give the names imported from it (the graph lists every module a barrel re-exports; the build loads
 * only those whose names are used). Again until no new name is met (a barrel reached before all its
 * importers were).
 */
function reachByNames(roots: readonly string[], info: (id: string) => GraphModule | null): Set<string> {
  const names = new Set<string>();
  const named = (id: string): GraphModule | null => {
    const m = info(id);
    if (!m) return m;
    if (!BARREL.test(id) && (id.includes('node_modules') || !/\.tsx?$/.test(id))) return m;
    if (!BARREL.test(id)) {
      importedNames(readFileSync(id, 'utf8')).forEach((n) => names.add(n));
      return m;
    }
    const targets = barrelTargets(id, names).map((t) => t.replace(/^\.\//, '/'));
    return { importedIds: m.importedIds.filter((i) => targets.some((t) => i.replace(/\.tsx?$/, '').endsWith(t))), dynamicallyImportedIds: [] };
  };
  let reached = new Set<string>();
  for (let known = -1; known !== names.size; ) {
    known = names.size;
    reached = reach(roots, named, false);
  }
  return reached;
}

/**
 * The Vite plugin and the rolldown codeSplitting group it fills, sharing one set of modules (no
 * state outside this call): the plugin fills it once the graph is known (buildEnd), the group's
 * `test` reads it when chunks are made. Use both from one call in vite.config.ts.
 */
type Group = { name: string | ((id: string) => string | null); test?: (id: string) => boolean; includeDependenciesRecursively: boolean };

/**
 * The public modules the signed-in start loads too (a card, the tabs, an icon the landing page shows
 * as well), which rolldown leaves as one small chunk each (each public screen and each lazy signed-in
 * screen shares them differently), grouped by the measured public pages' roots that reach them:
 * `start` the start's public modules, `reaches` each root's modules (reachByNames: the landing,
 * sign-in and sign-up screens; the frame's lazy pieces and the language field's select load on use),
 * `entry` what the entry runs (its own chunk). Two modules reached by exactly the same of those roots
 * are fetched together by each of those pages, so one chunk of both costs none of them a byte and
 * saves the signed-in start a file's overhead each (issue 41); the modules no such root reaches
 * (shared with the help pages, password reset…, unmeasured) are one chunk too, which may bring those
 * pages a few hundred bytes they do not use. Returns module id → its group's name, for groups of
 * two or more; a module some code import()s keeps its own chunk (see the roots below).
 */
export function sharedStartGroups(start: ReadonlySet<string>, reaches: ReadonlyMap<string, ReadonlySet<string>>, entry: ReadonlySet<string>, lazyTarget: (id: string) => boolean): Map<string, string> {
  const bySignature = new Map<string, string[]>();
  for (const id of start) {
    if (entry.has(id) || BIG_LIBRARIES.test(id) || lazyTarget(id)) continue;
    const roots = [...reaches].filter(([, reached]) => reached.has(id)).map(([root]) => root.replace(/([\\/][^\\/]+)?[\\/]index\.\w+$/, '$1').replace(/^.*[\\/]/, '').replace(/\.\w+$/, ''));
    const name = roots.length === 0 ? 'with-other-screens' : `with-${roots.length > 2 ? `${roots.length}-screens` : roots.join('+')}`;
    const signature = `${name}:${roots.join(',')}`;
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), id]);
  }
  const out = new Map<string, string>();
  const names = new Set<string>();
  for (const [signature, ids] of bySignature) {
    if (ids.length < 2) continue;
    let name = signature.split(':')[0]!;
    for (let n = 2; names.has(name); n++) name = `${signature.split(':')[0]!}-${n}`; // one name, one group
    names.add(name);
    for (const id of ids) out.set(id, name);
  }
  return out;
}

export function createSignedInChunk(): { plugin: Plugin; group: Group; keysGroup: Group; sharedGroup: Group } {
  const modules = new Set<string>();
  const keyModules = new Set<string>();
  const shared = new Map<string, string>();
  const plugin: Plugin = {
    name: 'afterword-signed-in-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      keyModules.clear();
      shared.clear();
      const info = (id: string) => this.getModuleInfo(id);
      // What the entry runs, and what the public screens (import()ed by screens.ts), the chrome's and
      // the language field's lazy pieces load with them, followed by the names imported (reachByNames).
      const screens = [PUBLIC_SCREENS, CHROME, LANGUAGE_FIELD].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
      const publicModules = new Set([...reachByNames([ENTRY], info), ...reachByNames(screens, info)]);
      // The roots themselves keep their own chunks (import() of a module moved into a group chunk
      // made rolldown 1.2 emit an export it never defined).
      const start = reachByNames(SIGNED_IN_ROOTS, info);
      for (const id of start) if (!publicModules.has(id) && !BIG_LIBRARIES.test(id) && !SIGNED_IN_ROOTS.includes(id)) modules.add(id);
      const measured = [PUBLIC_SCREENS].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []).filter((id) => MEASURED_SCREENS.test(id));
      const reaches = new Map(measured.map((root) => [root, reachByNames([root], info)] as const));
      const startPublic = new Set([...start].filter((id) => publicModules.has(id)));
      for (const [id, name] of sharedStartGroups(startPublic, reaches, reachByNames([ENTRY], info), (id) => (info(id)?.dynamicImporters?.length ?? 0) > 0)) shared.set(id, name);
      for (const id of reachByNames(KEY_SESSION_ROOTS, info)) if (!publicModules.has(id) && !modules.has(id) && !BIG_LIBRARIES.test(id)) keyModules.add(id);
      // Only what nothing else imports (shared/crypto/bytes.ts, say, is the forms' too): until none is left out.
      for (let size = -1; size !== keyModules.size; ) {
        size = keyModules.size;
        for (const id of keyModules) if (!KEY_SESSION_ROOTS.includes(id) && info(id)?.importers?.some((by) => !keyModules.has(by))) keyModules.delete(id);
      }
    },
  };
  // The signed-in start's modules, one chunk.
  return {
    plugin,
    group: { name: 'signed-in', test: (id: string) => modules.has(id), includeDependenciesRecursively: false },
    keysGroup: { name: 'key-session', test: (id: string) => keyModules.has(id), includeDependenciesRecursively: false },
    sharedGroup: { name: (id: string) => shared.get(id) ?? null, includeDependenciesRecursively: false },
  };
}
