/**
 * The key flows of the sign-in pages (web/features/keys/account-flows.ts) with the app's services:
 * the key session and its deps, and the per-user database. Loaded when the person starts on a
 * form (prepareAccountFlows), not with the page, so the public pages do not carry the key, crypto
 * and database code (issue #20) — yet on a cold browser none of it is fetched only once the button
 * is pressed (issue 38 item 5).
 */
import { importAccountFlows, importKdfClient, importKeySession } from '../keys';

let flows: ReturnType<typeof load> | null = null;

async function load() {
  const [flows, { appKeyDeps, useKeySession }, { openUserDatabase }, { prepareKdfWorker }] = await Promise.all([
    importAccountFlows(),
    importKeySession(),
    import('../../db/current'),
    importKdfClient(),
  ]);
  const deps = { ...appKeyDeps, session: () => useKeySession.getState(), openDb: (userId: string) => openUserDatabase(userId) };
  return { deps, registerAccount: flows.registerAccount, signInAccount: flows.signInAccount, upgradeAccount: flows.upgradeAccount, prepareKdfWorker };
}

/** The flows and their deps (loaded once; a failed load is tried again next time). Rejects when the chunks cannot be fetched. */
export function loadAccountFlows(): ReturnType<typeof load> {
  flows ??= load().catch((err: unknown) => {
    flows = null;
    throw err;
  });
  return flows;
}

/**
 * Called when the person starts on the login or register form: fetches the key flows and starts
 * the KDF worker (its script fetched and run now, not after the button). Never throws: the submit
 * loads again and reports a failure.
 */
export function prepareAccountFlows(): void {
  loadAccountFlows().then(
    (f) => f.prepareKdfWorker(),
    () => undefined,
  );
}

/** The form's onFocus: `rules.preload()` (its schema) and prepareAccountFlows, so nothing waits for the button. */
export const preparingForm = (rules: { preload: () => void }) => () => {
  rules.preload();
  prepareAccountFlows();
};

/**
 * preloadSignedInApp (web/app/preload-signed-in.ts) as a submit starts, its small module fetched
 * then: imported statically, its list of the signed-in app's chunks came with the sign-in and
 * sign-up pages' first scripts (issue 41: ≤ 100 KB). Never throws.
 */
export function preloadSignedIn(firstScreen: 'dashboard' | 'recovery-kit'): void {
  import('../../app/preload-signed-in').then(
    (m) => m.preloadSignedInApp(firstScreen),
    () => undefined,
  );
}
