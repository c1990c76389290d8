import { describe, expect, it } from 'vitest';
import { registersServiceWorker } from './worker-pages';

describe('registersServiceWorker (issue 41)', () => {
  it('registers on every page a person uses the app from, signed in or not', () => {
    for (const path of ['/', '/login', '/register', '/help', '/privacy', '/reset-password', '/dashboard', '/settings', '/no-such-page', '/shared-ideas'])
      expect(registersServiceWorker(path, false), path).toBe(true);
    expect(registersServiceWorker('/dashboard', true)).toBe(true);
  });

  it("does not register on a shared link's page for a visitor with no account, but does for a signed-in owner", () => {
    expect(registersServiceWorker('/shared/AbCdEfGhIjKlMnOpQrStUv', false)).toBe(false);
    expect(registersServiceWorker('/shared', false)).toBe(false);
    expect(registersServiceWorker('/shared/AbCdEfGhIjKlMnOpQrStUv', true)).toBe(true);
  });
});
