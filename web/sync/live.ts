/**
 * The live channel (rule 19 of shared/sync/README.md): `GET /api/sync/events` says "changed" when
 * the account's records changed on the server, and the engine then pulls at once. The channel
 * never carries data. The engine owns reconnection (with backoff), so a connection reports its
 * first error and is closed.
 */

export interface LiveHandlers {
  /** The stream is open (the engine syncs once, to catch up on what it missed while closed). */
  onOpen(): void;
  /** Something changed on the server: pull now. */
  onPoke(): void;
  /** The stream failed or ended; it is already closed. */
  onError(): void;
}

/** Opens one connection; returns the function that closes it. */
export type LiveConnect = (handlers: LiveHandlers) => () => void;

/** The browser's connection: an EventSource on the same origin, with the session cookie. */
export const eventSourceLive: LiveConnect = (h) => {
  const source = new EventSource('/api/sync/events', { withCredentials: true });
  let done = false;
  source.addEventListener('ready', () => h.onOpen());
  source.addEventListener('changed', () => h.onPoke());
  source.onerror = () => {
    if (done) return;
    done = true;
    source.close();
    h.onError();
  };
  return () => {
    done = true;
    source.close();
  };
};

/**
 * Parses a Server-Sent-Events body (text/event-stream) and calls `onEvent` with each event's
 * name ('message' when unnamed); comment lines (heartbeats) are skipped. Resolves at the end.
 * Used by the fetch-based connection of tests and benchmarks, where there is no EventSource.
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (name: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) hasData = true;
      }
      if (hasData) onEvent(name);
    }
  }
}
