/**
 * /privacy, "Your privacy": what is sealed on a person's devices and what the server sees, in plain
 * words for a family (issue "Sealed from the server", Honest words; DESIGN.md §2, §3). The list of
 * what the server sees is generated from the field table (privacy-facts.ts, shared/crypto/fields.ts)
 * so it cannot drift; the threat model behind it is SECURITY.md "Threat model", and "When you die"
 * follows SECURITY.md "Release escrow" and "Trustee kits: who can read what" (privacy-page.test.ts).
 */
import { DELIVERY_WORDS } from '../message-vault';
import { plainLines } from './privacy-facts';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Your privacy" lead="What stays sealed on your devices, what our server sees, and why.">
      <section aria-labelledby="privacy-sealed">
        <h2 id="privacy-sealed">Sealed on your devices</h2>
        <p>
          Every word you write is locked on your own phone or computer before it leaves it, with keys that only your
          devices hold unlocked. Our server stores it, but cannot read it (until your trustee kits are in use, the
          server also keeps a locked copy of your messages&rsquo; keys for your release: see &ldquo;When you die&rdquo;
          below). That includes:
        </p>
        <ul>
          <li>your letters and recordings, and the name of each person you write to;</li>
          <li>
            your plan: funeral wishes, music, readings, obituary and special requests, and what you tell the AI helpers
            (the details for your obituary and the kinds of music you love);
          </li>
          <li>your documents' names, links and files, and the keys that open those files;</li>
          <li>your trustees' names, phone numbers and how they are related to you;</li>
          <li>your survivor tasks, and your profile beyond your first name and e-mail.</li>
        </ul>
        <p className="mt-3">Your password never leaves your device either: it unlocks your key there.</p>
      </section>
      <section aria-labelledby="privacy-seen">
        <h2 id="privacy-seen">What our server sees, and must see</h2>
        <p>To keep your devices in step and to deliver your messages, the server has to read a few things:</p>
        <ul>
          {plainLines().map((line) => (
            <li key={line.area}>
              <strong>{line.area}:</strong> {line.seen.join('; ')}.
            </li>
          ))}
        </ul>
        <p className="mt-3">
          It also sees when you check in, whether your trustees accepted and when they last checked their kits, how
          many things you have saved and how large each one is (what you write is rounded up to set sizes; a file shows
          its size), and when and from which internet address your devices connect.
        </p>
      </section>
      <section aria-labelledby="privacy-release">
        <h2 id="privacy-release">When you die</h2>
        <p>
          For your trustees and recipients to read what you left, someone must hand them the keys. Nothing is released
          until a trustee reports your passing or you stop answering check-ins (if you turned them on), and a waiting
          period then ends without you saying you are still here; once your trustee kits are in use, enough of your
          trustees must also confirm with their kits.
        </p>
        <p>
          Until your trustee kits are in use (you make them on the Trustees page, and they count once enough of them
          have been handed over), the server keeps a copy of your messages&rsquo; keys in a locked box of its own,
          opened only at the release to send your messages. A person who runs the server and is determined to could
          open it sooner. Your plan, documents and tasks are never in it: until your kits are in use, no one can open
          them after your death, not even us.
        </p>
        <p>
          Once your kits are in use, the server deletes that copy. Apart from your own devices, your plan, documents and
          tasks can then be opened only in your trustees&apos; browsers, with their kits, after enough of them have
          confirmed. For each letter you choose how it reaches its recipient. &ldquo;{DELIVERY_WORDS.server}&rdquo;:
          after the release the server opens it to e-mail the recipient a private link, so from then on whoever runs the
          server, and the e-mail services the link passes through, could read it.
          &ldquo;{DELIVERY_WORDS.trustee}&rdquo;: only that trustee&apos;s kit opens it, and the server never can.
          Letters are opened in each recipient&apos;s browser, and a trustee never receives the key to a letter unless
          you chose them to hand it over.
        </p>
        <p>
          Deleting that copy does not change your keys: a backup of the server&apos;s database made before it was
          deleted, together with the server&apos;s release key, could still open your letters whose keys it held. An
          older version of Afterword also kept your plan&apos;s, documents&apos; and tasks&apos; keys in that copy (the
          server removes them when it starts), so a backup from that time could open those too. Whoever runs your
          server should keep that key apart from their backups, and delete backups from before.
        </p>
      </section>
      <section aria-labelledby="privacy-password">
        <h2 id="privacy-password">If you forget your password</h2>
        <p>
          Because we cannot read your words, we cannot give them back to you either. Keep your recovery kit, printed or
          saved somewhere safe: with it, or with a device you are still signed in on, you can set a new password and
          keep everything. Without either, you cannot open your words again, and we cannot open them for you.
        </p>
      </section>
      <section aria-labelledby="privacy-never">
        <h2 id="privacy-never">What we never do</h2>
        <ul>
          <li>We do not sell your data or use it for advertising.</li>
          <li>
            We do not use tracking cookies. Ours only keep you signed in and let your own devices sign in even while
            someone else is guessing your password.
          </li>
          <li>
            The suggestions in the app are made on your device. If your server offers an AI service, nothing is sent to it
            until you have seen exactly what will be sent and pressed Send.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-device">
        <h2 id="privacy-device">On your devices</h2>
        <p>
          Your words are readable on a device you are signed in on, so the app works without a connection. Lock your
          phone and computer, and sign out on a shared one. Deleting your account deletes your data from the server at
          once; copies in the server&apos;s backups remain until whoever runs it deletes old backups.
        </p>
      </section>
    </StaticPage>
  );
}
