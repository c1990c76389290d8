/**
 * Compiles the app's message catalogs at build time (issue 44, docs/i18n.md): a module
 * `web/i18n/catalogs/<lang>/<namespace>.json` (ICU messages by id) is served as `export const messages = …` (and as its default export),
 * each message compiled by Lingui's compiler (@lingui/cli's createCompiledCatalog), so the browser
 * gets ready-to-format messages and ships no ICU parser. Fails the build on a message that does not
 * parse. Used by vite.config.ts and by the unit tests (vitest.config.ts), so both run the same form.
 */
import { createCompiledCatalog } from '@lingui/cli/api';
import type { Plugin } from 'vite';

/** Matches a catalog file's module id (a query such as `?import` allowed). */
export const CATALOG_FILE = /[\\/]web[\\/]i18n[\\/]catalogs[\\/]([a-z]{2}(?:-[A-Za-z]+)?)[\\/]([a-z-]+)\.json(?:\?.*)?$/;

/**
 * The module source of catalog `locale` from its JSON `text`. Throws, naming the catalog and the
 * messages, when a message is not valid ICU or the file is not an object of strings.
 */
export function compileCatalog(locale: string, text: string, file = `web/i18n/catalogs/${locale}`): string {
  const parsed = JSON.parse(text) as unknown;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string'))
    throw new Error(`${file}: expected an object of message id → ICU message`);
  const { source, errors } = createCompiledCatalog(locale, parsed as Record<string, string>, { namespace: 'es' }) as {
    source: string;
    errors: { id: string; error: Error }[];
  };
  if (errors.length) throw new Error(`${file}: messages that do not parse: ${errors.map((e) => `${e.id} (${e.error.message})`).join('; ')}`);
  return `${source}\nexport default messages;\n`;
}

/** The Vite plugin (before Vite's own JSON plugin, which would otherwise turn the file into a plain object). */
export function messageCatalogs(): Plugin {
  return {
    name: 'afterword-message-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOG_FILE.exec(id);
      if (!match) return null;
      return { code: compileCatalog(match[1], code, `web/i18n/catalogs/${match[1]}/${match[2]}.json`), map: null, moduleType: 'js' };
    },
  };
}
