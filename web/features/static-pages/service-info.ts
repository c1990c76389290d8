/**
 * The operator's support address on the device (README.md "Configuration" SUPPORT_EMAIL): asked
 * of `GET /api/service` on each visit of a page that names it, and kept in localStorage so the
 * page says the same offline (a public page, signed out too: there is no account database).
 * Nothing here makes an address up: unknown or unset, the page says to ask whoever runs the service.
 */
import { useEffect, useState } from 'react';
import { parseServiceInfo, type ServiceInfo } from '../../../shared/service-info';

export type { ServiceInfo };

/** Where the last answer is kept. */
export const SERVICE_INFO_KEY = 'afterword:service-info';

/** How long to wait for the server before keeping to what the device knew (ms). */
const ASK_TIMEOUT_MS = 5_000;

/** The answer kept in `storage`, or null when none is kept (or storage is blocked or holds something else). */
export function keptServiceInfo(storage: Pick<Storage, 'getItem'>): ServiceInfo | null {
  try {
    return parseServiceInfo(JSON.parse(storage.getItem(SERVICE_INFO_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/**
 * Asks the server with `fetchFn` and keeps its answer in `storage`; offline, on a refusal or an
 * answer that is not one (an older server), the kept answer (null when none). Never throws.
 */
export async function refreshServiceInfo(fetchFn: typeof fetch, storage: Pick<Storage, 'getItem' | 'setItem'>): Promise<ServiceInfo | null> {
  try {
    const res = await fetchFn('/api/service', { credentials: 'omit', signal: AbortSignal.timeout(ASK_TIMEOUT_MS) });
    const info = res.ok ? parseServiceInfo(await res.json()) : null;
    if (info) {
      try {
        storage.setItem(SERVICE_INFO_KEY, JSON.stringify(info));
      } catch {
        /* storage blocked: known for this visit only */
      }
      return info;
    }
  } catch {
    /* offline: what was kept */
  }
  return keptServiceInfo(storage);
}

/**
 * The service's info for a page: null until known (and during prerender and hydration, so the
 * first paint is the same without JavaScript), then the kept answer, then the server's. Asks
 * only once `wanted` (a public page asks the API nothing it does not show: e2e/first-paint.test.ts).
 */
export function useServiceInfo(wanted = true): ServiceInfo | null {
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      /* storage blocked: ask the server only */
    }
    const store: Pick<Storage, 'getItem' | 'setItem'> = storage ?? { getItem: () => null, setItem: () => {} };
    setInfo(keptServiceInfo(store));
    void refreshServiceInfo(fetch, store).then((fresh) => {
      if (live && fresh) setInfo(fresh);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return info;
}
