/**
 * Playing a recording through the release pages' service worker (sw.ts): registers it (scope
 * /r/), waits until it controls this page, hands it the file, and returns the same-origin URL a
 * player and a download link use (`/r/stream/<id>`, `…/download`). Null when a worker cannot be
 * had (no service workers, a page outside /r/, private modes that refuse them, no control within 5 s): the caller
 * then decrypts the whole file into a Blob instead (files.ts).
 */
import type { PageFile } from '../../shared/release/pages';

const registered = new Map<string, PageFile>();
let controller: Promise<ServiceWorker | null> | null = null;

/** The release worker controlling this page, or null. */
function releaseWorker(): Promise<ServiceWorker | null> {
  controller ??= (async () => {
    const sw = navigator.serviceWorker;
    // Its scope is /r/: it can never control a page elsewhere (the kit page, /kit/), so none is awaited there.
    if (!sw || !location.pathname.startsWith('/r/')) return null;
    try {
      const script = new URL('/r/sw.js', location.href).href;
      // The worker may forget a file (stopped when idle): it asks again, and this page answers.
      sw.addEventListener('message', (e) => {
        const data = e.data as { type?: string; id?: string } | null;
        if (data?.type === 'need' && data.id) e.ports[0]?.postMessage(registered.get(data.id) ?? null);
      });
      await sw.register(script, { scope: '/r/' });
      if (sw.controller?.scriptURL === script) return sw.controller;
      return await new Promise<ServiceWorker | null>((resolve) => {
        const done = () => resolve(sw.controller?.scriptURL === script ? sw.controller : null);
        sw.addEventListener('controllerchange', done);
        setTimeout(done, 5000);
      });
    } catch {
      return null;
    }
  })();
  return controller;
}

/** The stream URL of `file` for this page, or null (see above). */
export async function streamUrl(file: PageFile): Promise<string | null> {
  const worker = await releaseWorker();
  if (!worker) return null;
  const id = crypto.randomUUID().replace(/-/g, '');
  registered.set(id, file);
  const channel = new MessageChannel();
  const ack = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = () => resolve(true);
    setTimeout(() => resolve(false), 5000);
  });
  worker.postMessage({ type: 'register', id, file }, [channel.port2]);
  return (await ack) ? `/r/stream/${id}` : null;
}
