/**
 * Build-time renderer of the public pages (issue #20; run by scripts/prerender.ts, never shipped
 * to the browser): renders PublicApp (the same tree web/main.tsx hydrates) for a signed-out
 * visitor, waiting for every lazy screen, to plain HTML with no inline script (the CSP forbids them).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import PublicApp, { isPublicPath } from './app/PublicApp';

export { PRERENDER_PAGES } from './prerender-pages';

/** The markup of `path` (e.g. '/login') as a signed-out visitor sees it first. Throws for a path PublicApp does not render. */
export async function renderPage(path: string): Promise<string> {
  if (!isPublicPath(path)) throw new Error(`${path} is not a public page (web/app/PublicApp.tsx)`);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PublicApp path={path} onLeave={() => undefined} />
    </StrictMode>,
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
