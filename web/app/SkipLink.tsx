/** 'Skip to main content' for keyboard users; visible only when focused. Targets <main id="main">. */
import { useT } from '../i18n/i18n';

export function SkipLink() {
  const { t } = useT();
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-lg bg-slate-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
    >
      {t('shell.skipToMain')}
    </a>
  );
}
