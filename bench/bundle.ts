/**
 * bench/bundle (issues #8, #20): the gzip size of the JavaScript and CSS that each route loads,
 * read from the build's manifest (dist/.vite/manifest.json): the entry and its static imports,
 * plus each route's lazy chunks and theirs (chunks loaded on first use, e.g. the toaster or the
 * form rules, are not counted). Builds first when dist/ is missing. Aims (issue #20, JS gzip):
 * landing ≤ 90 KB, login and register ≤ 100 KB, dashboard ≤ 180 KB; throws (failing
 * `npm run bench`) when a route is over its aim.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { failOnMisses } from './built-app';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

/** Every file (JS and CSS) that loading `keys` fetches: the chunks and their static imports. */
export function filesLoaded(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const gzipOf = (file: string) => gzipSync(readFileSync(join(DIST, file))).length / 1024;
const gzipKb = (files: Iterable<string>, ext: string) =>
  [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipOf(f), 0);

/** The `n` largest JS files of a route, gzip, as 'name 12.3' (to see why a route is heavy). */
const largest = (files: Iterable<string>, n = 4) =>
  [...files]
    .filter((f) => f.endsWith('.js'))
    .map((f) => [f.replace(/^assets\//, ''), gzipOf(f)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([f, kb]) => `${f} ${kb.toFixed(1)}`)
    .join(', ');

/**
 * The routes measured: the entry plus what each route loads, and the aim in KB of JS gzip. Public
 * pages render without the router (web/app/PublicApp.tsx); signed-in screens load the full app
 * (router), the signed-in frame and services (database, sync), and the screen.
 */
export const ROUTES: Record<string, { keys: string[]; aimKb: number }> = {
  'landing (/)': { keys: ['index.html', 'features/landing/index.tsx'], aimKb: 90 },
  'login (/login)': { keys: ['index.html', 'features/auth/LoginPage.tsx'], aimKb: 100 },
  'register (/register)': { keys: ['index.html', 'features/auth/RegisterPage.tsx'], aimKb: 100 },
  'dashboard (/dashboard)': {
    keys: ['index.html', 'app/FullApp.tsx', 'app/AppLayout.tsx', 'app/SignedInServices.tsx', 'features/dashboard/index.tsx'],
    aimKb: 180,
  },
};

/**
 * Pieces the dashboard loads on first use (issue #20), printed with their cost: the profile wizard
 * (only while the profile is incomplete), Radix Select, the user menu, the phone's navigation sheet,
 * the confirm and sign-in-again dialogs, the upload code and the default-task guide.
 */
const ON_FIRST_USE = [
  'features/dashboard/ProfileWizard.tsx',
  'ui/SelectRadix.tsx',
  'app/UserMenuDropdown.tsx',
  'app/MobileNavSheet.tsx',
  'ui/ConfirmDialog.tsx',
  'pwa/ReauthForm.tsx',
  'files/upload.ts',
  '../shared/sync/default-task-records.ts',
];

export async function run(): Promise<void> {
  if (!existsSync(join(DIST, '.vite', 'manifest.json'))) {
    const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  console.log('\n## bench/bundle (gzip, what each route loads)');
  console.log('| route | JS | CSS | aim (JS) | largest JS (KB gzip) |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  const over: string[] = [];
  for (const [route, { keys, aimKb }] of Object.entries(ROUTES)) {
    const files = filesLoaded(manifest, keys);
    const js = gzipKb(files, '.js');
    if (js > aimKb) over.push(`${route} ${js.toFixed(1)} KB > ${aimKb} KB`);
    console.log(`| ${route} | ${js.toFixed(1)} KB | ${gzipKb(files, '.css').toFixed(1)} KB | ≤ ${aimKb} KB ${js <= aimKb ? 'ok' : 'OVER'} | ${largest(files)} |`);
  }
  // What the dashboard loads only on first use (issue #20), each counted beyond what the dashboard loaded.
  const dashboard = filesLoaded(manifest, ROUTES['dashboard (/dashboard)']!.keys);
  const extra = ON_FIRST_USE.filter((k) => manifest[k]).map((k) => {
    const more = [...filesLoaded(manifest, [k])].filter((f) => !dashboard.has(f));
    return `${k.replace(/^.*\//, '').replace(/\.tsx?$/, '')} +${gzipKb(more, '.js').toFixed(1)}`;
  });
  console.log(`dashboard, loaded on first use (KB JS gzip beyond the route): ${extra.join(', ')}`);
  const signedIn = Object.keys(manifest).filter((k) => k.startsWith('features/') && !/landing|auth|not-found|static-pages/.test(k));
  const landing = filesLoaded(manifest, ROUTES['landing (/)']!.keys);
  const leaked = signedIn.filter((k) => landing.has(manifest[k]!.file));
  console.log(leaked.length ? `signed-in screens loaded by the landing page: ${leaked.join(', ')}` : 'the landing page loads no signed-in screen');
  if (leaked.length) over.push('the landing page loads signed-in screens');
  // zod (and so every schema) is for writing and syncing, not for painting (issue #20): a static
  // import of a schema on the dashboard's path puts ~20 KB back before its first paint.
  const withZod = [...dashboard].filter((f) => f.endsWith('.js') && readFileSync(join(DIST, f), 'utf8').includes('$ZodObject'));
  console.log(withZod.length ? `the dashboard loads zod before it paints: ${withZod.join(', ')}` : 'the dashboard loads no zod before it paints');
  if (withZod.length) over.push(`the dashboard loads zod before it paints (${withZod.join(', ')})`);
  failOnMisses('bench/bundle', over);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
