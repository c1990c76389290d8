/**
 * The key flows of the sign-in pages (web/features/keys/account-flows.ts) with the app's services:
 * the key session and its deps, and the per-user database. Loaded when a form is sent, not with
 * the page, so the public pages do not carry the key, crypto and database code (issue #20).
 */
export async function loadAccountFlows() {
  const [flows, { appKeyDeps, useKeySession }, { openUserDatabase }] = await Promise.all([
    import('../keys/account-flows'),
    import('../keys/key-session'),
    import('../../db/current'),
  ]);
  const deps = { ...appKeyDeps, session: () => useKeySession.getState(), openDb: (userId: string) => openUserDatabase(userId) };
  return { deps, registerAccount: flows.registerAccount, signInAccount: flows.signInAccount, upgradeAccount: flows.upgradeAccount };
}
