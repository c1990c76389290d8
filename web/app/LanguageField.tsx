/**
 * The language select (issue 44): a labelled select of the languages Afterword speaks, each named
 * in itself, on the sign-in and sign-up pages and in Settings. A choice shows at once and is saved
 * (web/app/account-language.ts, loaded on the first choice); when the account cannot take it yet
 * (offline), the hint says it is kept on this device until then; when the language's words cannot
 * be fetched, a toast says so and nothing changes.
 */
import { useState } from 'react';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/languages';
import { useT } from '../i18n/i18n';
import { FormField } from '../ui/FormField';
import { Select } from '../ui/Select';
import { toast } from '../ui/toast-store';

const OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** `hint`: shown under the label (Settings says what the language is for); `className` for the field's box. */
export function LanguageField({ hint, className }: { hint?: boolean; className?: string }) {
  const { t, language } = useT();
  const [waiting, setWaiting] = useState(false);
  const choose = async (value: string) => {
    if (!isLanguage(value)) return;
    try {
      // Fetched on a choice (precached, so offline too), not with the sign-in page (issue 41: ≤ 100 KB).
      const { chooseLanguage } = await import('./account-language');
      setWaiting((await chooseLanguage(value)) === 'later');
    } catch {
      toast({ title: t('language.unavailable'), variant: 'destructive' });
    }
  };
  const hintText = [hint ? t('language.description') : null, waiting ? t('language.savedLater') : null].filter(Boolean).join(' ');
  return (
    <FormField label={t('language.label')} hint={hintText || undefined} className={className}>
      <Select value={isLanguage(language) ? language : undefined} onValueChange={(v) => void choose(v)} options={OPTIONS} />
    </FormField>
  );
}
