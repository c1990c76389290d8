/**
 * Where sign-in leads when a page asked to come back after it (the emergency e-mail's link,
 * features/emergency/after-sign-in.ts; a shared page whose link the person keeps,
 * features/sharing/keep-after-sign-in.ts): one path per purpose, kept in this tab's session
 * storage and taken once. Only paths matching the purpose's own pattern are kept or given, so
 * nothing else can steer where sign-in leads. Storage off: nothing is kept, sign-in goes to the dashboard.
 */

/** One purpose's memory: `remember(path)` keeps `path` when it matches `pattern`; `take()` gives it once, or null. Neither throws. */
export function afterSignInMemory(key: string, pattern: RegExp): { remember: (path: string) => void; take: () => string | null } {
  return {
    remember(path) {
      if (!pattern.test(path)) return;
      try {
        sessionStorage.setItem(key, path);
      } catch {
        // no session storage: sign-in leads to the dashboard
      }
    },
    take() {
      try {
        const p = sessionStorage.getItem(key);
        sessionStorage.removeItem(key);
        return p && pattern.test(p) ? p : null;
      } catch {
        return null;
      }
    },
  };
}
