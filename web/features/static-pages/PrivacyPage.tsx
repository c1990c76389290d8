/** /privacy: what we keep, where, and who can see it — stated truthfully (DESIGN.md §2, §3). */
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Privacy" lead="What Afterword keeps about you, where it is kept, and who can see it.">
      <section>
        <h2>What we keep</h2>
        <p>
          Your account (name, username, email and a one-way hash of your password, never the password itself) and
          everything you write in Afterword: your plan, messages, document references, trustees, survivor tasks and
          profile.
        </p>
      </section>
      <section>
        <h2>Where it is kept</h2>
        <ul>
          <li>On your device, in your browser's storage, so the app works offline.</li>
          <li>On our server, so your devices stay in step and nothing is lost if a device is.</li>
        </ul>
        <p>
          Your data travels to the server over an encrypted connection (HTTPS) when the site is served that way. It is
          <strong> not end-to-end encrypted</strong>: the server stores it in a form the service can read, which it needs
          in order to deliver your messages and share with your trustees. Anyone with access to an unlocked device you
          are signed in on can read what is stored there; sign out on shared computers.
        </p>
      </section>
      <section>
        <h2>Who can see it</h2>
        <p>
          You. Your trustees, only as far as the access level you give each of them. AI suggestions send the details
          needed for that suggestion to the AI provider configured by whoever runs this server; if none is configured,
          suggestions are made on the server itself.
        </p>
      </section>
      <section>
        <h2>What we never do</h2>
        <ul>
          <li>We do not sell your data or use it for advertising.</li>
          <li>We do not use tracking cookies. One cookie keeps you signed in.</li>
        </ul>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can correct anything at any time, and deleting your account deletes your data from the server. Data on a
          device is removed when you sign out and clear the site's storage.
        </p>
      </section>
    </StaticPage>
  );
}
