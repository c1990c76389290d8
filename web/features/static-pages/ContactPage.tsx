/**
 * /contact: how to reach the people who run this Afterword service. The address is the
 * operator's SUPPORT_EMAIL (README.md "Configuration"), as GET /api/service names it
 * (service-info.ts keeps it for offline visits). Without one the page never makes an address up:
 * it says to ask whoever runs the service (the address the server mails from is a no-reply one).
 */
import { AppLink as Link } from '../../app/navigation';
import { T } from '../../i18n/T';
import { useT } from '../../i18n/i18n';
import { useContactMessages } from './contact-messages';
import { StaticPage } from './StaticPage';
import { useServiceInfo } from './service-info';
import { WriteTo } from './WriteTo';

/** The page's sections for `supportEmail` (null: none known), in the person's language ('contact' catalog, issue 44). */
export function ContactSections({ supportEmail }: { supportEmail: string | null }) {
  useContactMessages();
  const { t } = useT();
  const writeTo = <WriteTo supportEmail={supportEmail} />;
  return (
    <>
      <section>
        <h2>{t('contact.support.title')}</h2>
        <p>
          <T id="contact.support.text" components={{ 0: writeTo }} />
        </p>
      </section>
      <section>
        <h2>{t('contact.death.title')}</h2>
        <p>
          <T id="contact.death.text" components={{ 0: writeTo }} />
        </p>
      </section>
      <section>
        <h2>{t('contact.privacy.title')}</h2>
        <p>
          <T id="contact.privacy.text" components={{ 0: writeTo, 1: <Link to="/privacy" /> }} />
        </p>
      </section>
    </>
  );
}

/** /contact. */
export default function ContactPage() {
  useContactMessages();
  const { t } = useT();
  const info = useServiceInfo();
  return (
    <StaticPage title={t('contact.title')} lead={t('contact.lead')}>
      <ContactSections supportEmail={info?.supportEmail ?? null} />
    </StaticPage>
  );
}
