/**
 * Build-time renderer of the public pages (issue #20; run by scripts/prerender.ts, never shipped
 * to the browser): renders PublicApp (the same tree web/main.tsx hydrates, in English) for a signed-out
 * visitor, waiting for every lazy screen, to plain HTML with no inline script (the CSP forbids them).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nProvider } from '@lingui/react';
import PublicApp, { isPublicPath } from './app/PublicApp';
import { i18n } from './i18n/i18n';

export { PRERENDER_PAGES } from './prerender-pages';

/**
 * The markup of `path` (e.g. '/login') as a signed-out visitor sees it first. Throws for a path
 * PublicApp does not render, and when any part of the page failed to render (its error named).
 */
export async function renderPage(path: string): Promise<string> {
  if (!isPublicPath(path)) throw new Error(`${path} is not a public page (web/app/PublicApp.tsx)`);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PublicApp path={path} onLeave={() => undefined} />
      </I18nProvider>
    </StrictMode>,
    // Never outlined: React moves a large Suspense boundary's content after the shell with an inline
    // script to swap it in ($RC), which the CSP forbids, so the page showed its spinner (the privacy
    // page crossed React's default size once the metadata it lists grew).
    { onError: (err) => void errors.push(err), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  // An error inside a Suspense boundary would ship its fallback (React's #419 at hydration): fail the build instead.
  if (errors.length) throw new Error(`Prerendering ${path} failed: ${errors.map((e) => (e instanceof Error ? e.stack ?? e.message : String(e))).join('\n')}`);
  return Buffer.concat(parts).toString('utf8');
}
