/**
 * A tiny read-only query for the dashboard's AI panels (SPEC.md §7: queries are not refetched
 * on window focus, do not retry, and cached data never goes stale). Results are cached per key
 * for the page's lifetime; `refetch()` asks again. The AI helpers answer on the device, offline
 * too (web/ai/ask-ai.ts); a fetch that failed with a network TypeError is the 'offline' state,
 * Cancel in the AI consent dialog is 'cancelled' (nothing was sent), and a refusal for a limit
 * (429, e.g. the server's AI budget) carries the server's words as `reason`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { limitReason } from '../../api/refusal';
import { AiCancelled } from '../../ai/ask-ai';
import { isNetworkError } from '../profile';

export type QueryState<T> =
  | { status: 'idle' | 'loading' | 'cancelled'; data?: undefined; isFetching: boolean }
  | { status: 'success'; data: T; isFetching: boolean }
  | { status: 'error' | 'offline'; data?: undefined; isFetching: boolean; /** The server's words when it refused for a limit (429). */ reason?: string };

const cache = new Map<string, unknown>();

/**
 * Runs `fetcher` for `key` when `enabled` and nothing is cached; returns the state and a
 * `refetch` that resolves when the new answer (or failure) has arrived. The fetcher learns whether
 * the person asked (`asked`: true only for `refetch`, a button press) or the screen did while
 * loading, so an AI helper asks consent only after a press (web/ai/ask-ai.ts AskOptions).
 */
export function useApiQuery<T>(key: string, fetcher: (opts: { asked: boolean }) => Promise<T>, enabled = true): QueryState<T> & { refetch: () => Promise<void> } {
  const [state, setState] = useState<QueryState<T>>(() =>
    cache.has(key) ? { status: 'success', data: cache.get(key) as T, isFetching: false } : { status: enabled ? 'loading' : 'idle', isFetching: false },
  );
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const latestKey = useRef(key);
  latestKey.current = key;

  const run = useCallback(async (asked: boolean) => {
    const runKey = key;
    setState((s) => (s.status === 'success' ? { ...s, isFetching: true } : { status: 'loading', isFetching: true }));
    try {
      const data = await fetcherRef.current({ asked });
      cache.set(runKey, data);
      if (latestKey.current === runKey) setState({ status: 'success', data, isFetching: false });
    } catch (err) {
      if (err instanceof AiCancelled) {
        if (latestKey.current === runKey) setState({ status: 'cancelled', isFetching: false });
        return;
      }
      console.error(`Query ${runKey} failed`, err);
      if (latestKey.current === runKey) setState({ status: isNetworkError(err) ? 'offline' : 'error', isFetching: false, reason: limitReason(err) });
    }
  }, [key]);

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle', isFetching: false });
      return;
    }
    if (cache.has(key)) setState({ status: 'success', data: cache.get(key) as T, isFetching: false });
    else void run(false);
  }, [key, enabled, run]);

  // Coming back online after an offline answer asks again (SPEC's "no refetch on focus" is kept).
  const offline = state.status === 'offline';
  useEffect(() => {
    if (!enabled || !offline) return;
    const onOnline = () => void run(false);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [enabled, offline, run]);

  const refetch = useCallback(() => run(true), [run]);
  return { ...state, refetch };
}
