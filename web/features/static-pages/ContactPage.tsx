/** /contact: how to reach a person. */
import { AppLink as Link } from '../../app/navigation';
import { StaticPage } from './StaticPage';

export default function ContactPage() {
  return (
    <StaticPage title="Contact" lead="A person reads every message. We usually answer within two working days.">
      <section>
        <h2>Support</h2>
        <p>
          For help with your account or the app, write to <a href="mailto:support@afterword.app">support@afterword.app</a>.
          Please do not include passwords.
        </p>
      </section>
      <section>
        <h2>After a death</h2>
        <p>
          If someone who used Afterword has died and you are their trustee or next of kin, write to{' '}
          <a href="mailto:care@afterword.app">care@afterword.app</a>. We are sorry for your loss, and we will guide you
          gently through what happens next.
        </p>
      </section>
      <section>
        <h2>Privacy questions</h2>
        <p>
          Write to <a href="mailto:privacy@afterword.app">privacy@afterword.app</a>, or read our{' '}
          <Link to="/privacy">privacy page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}
