/**
 * Build-time renderer of the public pages (issue #20; run by scripts/prerender.ts, never shipped
 * to the browser): renders `routes` (the same tree web/main.tsx hydrates) for a signed-out
 * visitor with react-router's static router, waiting for every lazy screen, to plain HTML with
 * no inline script (the CSP forbids them).
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './app/router';
import { useSession } from './app/session';

export { PRERENDER_PAGES } from './prerender-pages';

/** The markup of `path` (e.g. '/login') as a signed-out visitor sees it first. Throws on a redirect or an error page. */
export async function renderPage(path: string): Promise<string> {
  useSession.setState({ status: 'signed-out', user: null, needsReauth: false });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`${path} renders status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts).toString('utf8');
}
