/**
 * /help, the Help Center (SPEC.md §2 "linked"): answers to the questions people ask first, in the
 * person's language (the 'help' catalog, issue 44; each question `help.<part>.<name>.q`, its answer `.a`).
 */
import { AppLink as Link } from '../../app/navigation';
import { T } from '../../i18n/T';
import { useT, type MessageId } from '../../i18n/i18n';
import { useHelpMessages } from './help-messages';
import { StaticPage } from './StaticPage';

/** A question's message id and its answer's. */
type Question = { q: MessageId; a: MessageId };

/** The first questions, in the page's order (an id missing from the catalog fails the typecheck). */
const FAQS: readonly Question[] = (['offline', 'install', 'devices', 'trustee', 'delivered', 'documents', 'ai', 'talk'] as const).map(
  (n) => ({ q: `help.faq.${n}.q`, a: `help.faq.${n}.a` }) as const,
);

/** Sharing while the person is alive (issue 43; docs/sharing.md): what is built, in plain words. */
const SHARING: readonly Question[] = (['shareNow', 'keep', 'stop', 'emergency', 'request', 'end'] as const).map(
  (n) => ({ q: `help.sharing.${n}.q`, a: `help.sharing.${n}.a` }) as const,
);

/** A list of questions, each opening to its answer. */
function Questions({ items }: { items: readonly Question[] }) {
  const { t } = useT();
  return (
    <div className="mt-4 flex flex-col gap-3">
      {items.map(({ q, a }) => (
        <details key={q} className="group rounded-xl border border-stone-200 bg-white p-4 open:shadow-sm">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
            <span className="me-2 inline-block text-slate-500 transition-transform group-open:rotate-90 rtl:group-open:-rotate-90 rtl:-scale-x-100" aria-hidden="true">
              ›
            </span>
            {t(q)}
          </summary>
          <p className="mt-3 ps-5">{t(a)}</p>
        </details>
      ))}
    </div>
  );
}

/** /help. */
export default function HelpPage() {
  useHelpMessages();
  const { t } = useT();
  return (
    <StaticPage title={t('help.title')} lead={t('help.lead')}>
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">{t('help.faq.title')}</h2>
        <Questions items={FAQS} />
      </section>
      <section aria-labelledby="sharing-heading">
        <h2 id="sharing-heading">{t('help.sharing.title')}</h2>
        <p>
          <T id="help.sharing.intro" components={{ 0: <Link to="/emergency" /> }} />
        </p>
        <Questions items={SHARING} />
      </section>
      <section>
        <h2>{t('help.more.title')}</h2>
        <p>
          <T id="help.more.text" components={{ 0: <Link to="/contact" /> }} />
        </p>
      </section>
    </StaticPage>
  );
}
