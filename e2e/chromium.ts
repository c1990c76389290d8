/**
 * How the browser tests start Debian's Chromium (the brief's flags), shared by the harness and
 * the e2e project's global setup (browser-global-setup.ts), which imports no test hooks.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless flags for every launch; `fakeMedia` adds a camera and microphone that need no prompt. */
export function chromiumArgs(opts: { fakeMedia?: boolean } = {}): string[] {
  return [
    ...(opts.fakeMedia ? ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}
