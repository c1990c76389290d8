/**
 * The app's translations (issue 44, docs/i18n.md): one Lingui instance, its messages looked up by
 * explicit ids (./messages.ts, typed) with the runtime API (no macros, so no Babel in the build).
 * Catalogs are JSON files of ICU messages, one per language and namespace, compiled at build time
 * (scripts/vite-catalogs.ts). English comes with the code that uses it (the 'shell' namespace here,
 * a feature's with its screens: `namespace`); every other language's file is a chunk of its own,
 * fetched when that language is shown (precached by the service worker, so offline too).
 */
import { type Messages, setupI18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ReactNode, use } from 'react';
import { type Language, directionOf, LANGUAGES } from '../../shared/languages';
import shell from './catalogs/en/shell.json';
import type { MessageId, Namespace } from './messages';
import { literalValues } from '../../shared/i18n-values';

export type { MessageId, Namespace } from './messages';

/** Values for a message's placeholders ({name}, plural counts, select keys). */
export type MessageValues = Record<string, string | number | Date | ReactNode>;

/** The pseudo-locale's code: never offered to a person, only switched on by tests (./device-language.ts). */
export const PSEUDO = 'pseudo';

/** A language the app can be shown in: one of shared/languages.ts, or the tests' pseudo-locale (docs/i18n.md). */
export type DisplayLanguage = Language | typeof PSEUDO;

/**
 * A namespace's files in the other languages, each a lazy chunk (English comes with the code that
 * uses it): the glob of `…/catalogs/<lang>/<ns>.json` (import.meta.glob, `{ import: 'messages' }`), without
 * English's file. Each namespace brings its own (`namespace`), so that a page carries the loaders
 * of the namespaces it uses only, not of every one (issue 41: the 64 loaders of every catalog were
 * about 2 KB of JS gzip in every page's first chunk). Not the server's namespaces `mail` and
 * `link-pages` (sync-server/release/mail-i18n.ts) nor `release-page` (the static release pages' own
 * bundle, web/release/words.ts): no screen registers them, so they are neither in the app nor precached.
 */
export type CatalogFiles = Record<string, () => Promise<unknown>>;

/** The files of each namespace registered so far, by language: `${lang}/${ns}`. */
const FILES = new Map<string, () => Promise<Messages>>();

/** The English messages of each namespace registered so far (the pseudo-locale is made from them). */
const english = new Map<Namespace, Messages>();

/** The app's one Lingui instance, English active from the start (the prerendered pages are English). */
export const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

/**
 * Makes `messages` (a namespace's compiled English catalog) known, once per namespace, and loads
 * the namespace in the language shown, if not English: English stands in until its words arrive
 * (they then show, the screens re-rendering). Call it when a module loads, never while React
 * renders (it changes Lingui's state, which re-renders the provider): `namespace` does.
 */
export function registerEnglish(ns: Namespace, messages: Messages, files: CatalogFiles): void {
  if (english.has(ns)) return;
  // Each module writes its namespace's glob by hand (import.meta.glob takes literals only): one
  // naming another's files, or none, would show English in silence, so it is refused here.
  const found = Object.entries(files).map(([path, load]) => ({ match: /catalogs\/([^/]+)\/([^/]+)\.json$/.exec(path), path, load }));
  const wrong = found.find((f) => f.match?.[2] !== ns);
  if (wrong || found.length !== LANGUAGES.length - 1) throw new Error(`The '${ns}' namespace was given ${wrong ? wrong.path : `${found.length} language files`}: its glob must name catalogs/<lang>/${ns}.json of every language but English`);
  english.set(ns, messages);
  for (const f of found) FILES.set(`${f.match![1]}/${ns}`, f.load as () => Promise<Messages>);
  i18n.load('en', messages);
  const shown = i18n.locale as DisplayLanguage;
  if (shown === 'en') return;
  const have = i18n.messages;
  i18n.load(shown, Object.fromEntries(Object.entries(messages).filter(([id]) => !(id in have))));
  void loadNamespace(shown, ns);
}
registerEnglish('shell', shell as unknown as Messages, import.meta.glob(['./catalogs/*/shell.json', '!./catalogs/en/*'], { import: 'messages' }));

/** A promise React's `use` can read without suspending once it has settled. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled'; value?: T };

const loads = new Map<string, Tracked<boolean>>();

/**
 * Loads `ns` in `lang` (once; again after a failed fetch). Resolves true once `lang`'s words are
 * there; false when the file could not be fetched, English then standing in for them (a screen is
 * never left with bare ids). A message a catalog lacks falls back to English too.
 */
function loadNamespace(lang: DisplayLanguage, ns: Namespace): Tracked<boolean> {
  const key = `${lang}/${ns}`;
  const known = loads.get(key);
  if (known) return known;
  const base = english.get(ns) ?? {};
  if (lang === 'en') {
    const ready: Tracked<boolean> = Object.assign(Promise.resolve(true), { status: 'fulfilled' as const, value: true });
    loads.set(key, ready);
    return ready;
  }
  const fetching: Promise<Messages> =
    lang === PSEUDO
        ? import('./pseudo').then((m) => m.pseudoCatalog(base))
        : (FILES.get(key) ?? (() => Promise.reject(new Error(`No ${lang} catalog for ${ns}`))))();
  const loading: Tracked<boolean> = fetching.then(
    (messages) => {
      i18n.load(lang, { ...base, ...messages });
      return true;
    },
    (err: unknown) => {
      console.error(`Could not load the ${lang} words of ${ns}`, err);
      i18n.load(lang, base);
      loads.delete(key); // tried again next time
      return false;
    },
  );
  loading.status = 'pending';
  void loading.then((value) => Object.assign(loading, { status: 'fulfilled', value }));
  loads.set(key, loading);
  return loading;
}

/** The `<html lang>` of each display language ('en-XA' is the usual tag of a pseudo-locale). */
const htmlLang = (lang: DisplayLanguage) => (lang === PSEUDO ? 'en-XA' : lang);

/**
 * Shows the app in `lang`: loads its words for every namespace in use (a fetch the first time,
 * from the service worker's cache offline), makes it active (every screen using `useT` or `<T>` (./T.tsx)
 * re-renders) and sets `<html lang dir>`. Throws, leaving the language as it was, when a catalog
 * could not be fetched.
 */
export async function activateLanguage(lang: DisplayLanguage): Promise<void> {
  const loaded = await Promise.all([...english.keys()].map((ns) => loadNamespace(lang, ns)));
  if (loaded.includes(false)) throw new Error(`The ${lang} words could not be fetched`);
  i18n.activate(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = htmlLang(lang);
    document.documentElement.dir = directionOf(lang);
  }
}

/** The active language ('en' until another is activated). */
export function currentLanguage(): DisplayLanguage {
  return i18n.locale as DisplayLanguage;
}

/** The active language's words for `id` with `values` filled in (outside React, e.g. a toast's words). */
export function t(id: MessageId, values?: MessageValues): string {
  return i18n._(id, literalValues(values));
}

/**
 * In a component: `t` as above, and the active language; the component re-renders when the
 * language changes (it reads Lingui's context).
 */
export function useT(): { t: typeof t; language: DisplayLanguage } {
  const { i18n: active } = useLingui();
  return { t: (id, values) => active._(id, literalValues(values)), language: active.locale as DisplayLanguage };
}

/**
 * A feature's namespace (docs/i18n.md "Moving a feature"): registers its English catalog and its
 * other languages' files when the feature's module loads (`export const useAuthMessages =
 * namespace('auth', en, import.meta.glob(…))` with the glob of `…/catalogs/<lang>/auth.json` but English's,
 * with `import en from '…/catalogs/en/auth.json'`, so English ships in the feature's chunk) and returns
 * the hook its screens call first: in another language the screen suspends (the nearest Suspense
 * shows its fallback) until that language's file is there; a file that cannot be fetched shows English.
 */
export function namespace(ns: Namespace, englishMessages: unknown, files: CatalogFiles): () => void {
  registerEnglish(ns, englishMessages as Messages, files);
  return function useNamespace() {
    const { i18n: active } = useLingui();
    const loading = loadNamespace(active.locale as DisplayLanguage, ns);
    if (loading.status !== 'fulfilled') use(loading as Promise<boolean>);
  };
}
