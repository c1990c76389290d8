/**
 * bench/lighthouse (issue #20): Lighthouse 12.8, its default mobile run (simulated throttling:
 * slow 4G, 4× CPU slowdown, a Moto G Power screen), on /, /login and /register of the built app
 * served by the real server. Prints each category's score; aims: performance ≥ 0.95,
 * accessibility, best practices and SEO 1.0. Fails (throws) when a page is under an aim, listing
 * the audits that cost it. LIGHTHOUSE_PATHS (comma-separated) changes the pages.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, failOnMisses, startBuiltApp } from './built-app';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const AIMS: Record<(typeof CATEGORIES)[number], number> = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
/** Chromium flags for a headless run in a container (no sandbox, no GPU). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'];

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  scoreDisplayMode: string;
}

/** The audits of a category that did not pass, as 'title (value)', to say why a score is low. */
function failing(lhr: { categories: Record<string, { auditRefs: { id: string; weight: number }[] }>; audits: Record<string, Audit> }, category: string): string[] {
  return lhr.categories[category]!.auditRefs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nbench/lighthouse: skipped (${CHROMIUM} not found)`);
    return;
  }
  const paths = (process.env.LIGHTHOUSE_PATHS ?? '/,/login,/register').split(',');
  const server = await startBuiltApp();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: Record<string, string | number>[] = [];
  const misses: string[] = [];
  try {
    for (const path of paths) {
      const audit = () => lighthouse(`${server.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
      let result = await audit();
      // A run that failed to load the page (e.g. NO_FCP on an overloaded machine) is retried once.
      if (result?.lhr.runtimeError) {
        console.log(`  ${path}: Lighthouse run error ${result.lhr.runtimeError.code} (${result.lhr.runtimeError.message}); retrying once`);
        result = await audit();
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) misses.push(`${path}: run error ${lhr.runtimeError.code}`);
      const row: Record<string, string | number> = { page: path };
      for (const c of CATEGORIES) {
        const score = lhr.categories[c]?.score ?? 0;
        row[c] = score;
        if (score < AIMS[c]) misses.push(`${path} ${c} ${score} < ${AIMS[c]}: ${failing(lhr as never, c).join(', ') || 'see the report'}`);
      }
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      Object.assign(row, { 'FCP ms': ms('first-contentful-paint'), 'LCP ms': ms('largest-contentful-paint'), 'TBT ms': ms('total-blocking-time') });
      rows.push(row);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('\n## bench/lighthouse (simulated mobile; aims: performance ≥ 0.95, the others 1.0)');
  console.table(rows);
  for (const m of misses) console.log(`  under aim: ${m}`);
  failOnMisses('bench/lighthouse', misses);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
