/**
 * Readiness's "What is missing" list (Settings, "Would your plan work today?"): each line the
 * server sent, in the owner's language (server-words.ts). An older server that sends only the
 * English sentences (`missing`, no `missingItems`) is shown as it wrote them.
 */
import type { ServerWord } from '../../../shared/server-words';
import { useT } from '../../i18n/i18n';
import { sayServerWord, useServerWordsMessages } from './server-words';

export function MissingList({ readiness }: { readiness: { missing: string[]; missingItems?: ServerWord[] } }) {
  useServerWordsMessages();
  const { t, language } = useT();
  const items = readiness.missingItems ?? readiness.missing.map((text) => ({ text }));
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="readiness-missing">
      <h3 id="readiness-missing" className="font-semibold text-slate-900">{t('settings.readiness.missing')}</h3>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-slate-800">
        {items.map((m, i) => (
          <li key={`${i}:${m.text}`}>{sayServerWord(m, language)}</li>
        ))}
      </ul>
    </section>
  );
}
