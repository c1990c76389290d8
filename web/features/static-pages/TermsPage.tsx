/** /terms: the terms of use, short and plain, in the person's language (the 'terms' catalog, issue 44). */
import { useT } from '../../i18n/i18n';
import { StaticPage } from './StaticPage';
import { useTermsMessages } from './terms-messages';

/** The page's sections, in order: `terms.<name>.title` and `.text` each. */
const SECTIONS = ['account', 'advice', 'content', 'availability', 'changes'] as const;

/** /terms. */
export default function TermsPage() {
  useTermsMessages();
  const { t } = useT();
  return (
    <StaticPage title={t('terms.title')} lead={t('terms.lead')}>
      {SECTIONS.map((name) => (
        <section key={name}>
          <h2>{t(`terms.${name}.title`)}</h2>
          <p>{t(`terms.${name}.text`)}</p>
        </section>
      ))}
    </StaticPage>
  );
}
