/**
 * /contact: how to reach the people who run this Afterword service. The address is the
 * operator's SUPPORT_EMAIL (README.md "Configuration"), as GET /api/service names it
 * (service-info.ts keeps it for offline visits). Without one the page never makes an address up:
 * it says to ask whoever runs the service (the address the server mails from is a no-reply one).
 */
import { AppLink as Link } from '../../app/navigation';
import { StaticPage } from './StaticPage';
import { useServiceInfo } from './service-info';
import { WriteTo } from './WriteTo';

/** The page's sections for `supportEmail` (null: none known). */
export function ContactSections({ supportEmail }: { supportEmail: string | null }) {
  return (
    <>
      <section>
        <h2>Support</h2>
        <p>
          For help with your account or the app, <WriteTo supportEmail={supportEmail} />. Please never send anyone
          your password or your recovery code.
        </p>
      </section>
      <section>
        <h2>After a death</h2>
        <p>
          If someone who used Afterword has died and you are their trustee or next of kin,{' '}
          <WriteTo supportEmail={supportEmail} />. We are sorry for your loss.
        </p>
      </section>
      <section>
        <h2>Privacy questions</h2>
        <p>
          For questions about your data, <WriteTo supportEmail={supportEmail} />, or read our{' '}
          <Link to="/privacy">privacy page</Link>.
        </p>
      </section>
    </>
  );
}

export default function ContactPage() {
  const info = useServiceInfo();
  return (
    <StaticPage title="Contact" lead="This Afterword service is run by the people who set it up for you. Here is how to reach them.">
      <ContactSections supportEmail={info?.supportEmail ?? null} />
    </StaticPage>
  );
}
