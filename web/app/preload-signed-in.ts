/**
 * Fetches the signed-in app's code while a sign-up or sign-in is still being worked out (issue 38
 * item 5): the full router (FullApp), the signed-in services, the layout, and the first screen
 * (the dashboard; the recovery kit after a sign-up). Each is a lazy chunk (issue #20); left to the
 * router they were fetched one after another only once the server had answered, round trip after
 * round trip on a phone's network, after the wait the person could already see. The same
 * import() the router makes, so the router then finds them loaded. Never throws (the router loads
 * again and shows its own error).
 */
export function preloadSignedInApp(firstScreen: 'dashboard' | 'recovery-kit'): void {
  const loads = [
    import('./FullApp'),
    import('./SignedInServices'),
    import('./AppLayout'),
    firstScreen === 'dashboard' ? import('../features/dashboard') : import('../features/keys/RecoveryKitPage'),
  ];
  for (const l of loads) l.catch(() => undefined);
}
