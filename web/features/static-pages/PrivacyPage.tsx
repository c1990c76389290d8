/**
 * /privacy, "Your privacy": what is sealed on a person's devices and what the server sees, in plain
 * words for a family (issue "Sealed from the server", Honest words; DESIGN.md §2, §3). The list of
 * what the server sees is generated from the field table (privacy-facts.ts, shared/crypto/fields.ts)
 * so it cannot drift; the threat model behind it is SECURITY.md "Threat model".
 */
import { plainLines } from './privacy-facts';
import { StaticPage } from './StaticPage';

export default function PrivacyPage() {
  return (
    <StaticPage title="Your privacy" lead="What stays sealed on your devices, what our server sees, and why.">
      <section aria-labelledby="privacy-sealed">
        <h2 id="privacy-sealed">Sealed on your devices</h2>
        <p>
          Every word you write is locked on your own phone or computer before it leaves it, with a key that only your
          devices hold. Our server stores it, but cannot read it. That includes:
        </p>
        <ul>
          <li>your letters and recordings, and the name of each person you write to;</li>
          <li>your plan: funeral wishes, music, readings, obituary and special requests;</li>
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
          It also sees when you check in, whether your trustees accepted, how many things you have saved and how large
          each one is (what you write is rounded up to set sizes; a file shows its size), and when your devices connect.
        </p>
      </section>
      <section aria-labelledby="privacy-release">
        <h2 id="privacy-release">When you die</h2>
        <p>
          For your trustees and recipients to read what you left, someone must hand them the keys. Today the server holds
          them in a locked box of its own, opened only after your trustees report your passing and the waiting period
          ends without you checking in. Your letters are then opened in each recipient's browser, and a trustee never
          receives the key to a letter. That box means a person who runs the server and is determined to could open it
          sooner; our next step gives each trustee a share of the key instead, so no one can open it alone.
        </p>
      </section>
      <section aria-labelledby="privacy-password">
        <h2 id="privacy-password">If you forget your password</h2>
        <p>
          Because we cannot read your words, we cannot give them back to you either. Keep your recovery kit, printed or
          saved somewhere safe: with it, or with a device you are still signed in on, you can set a new password and
          keep everything. Without either, your words cannot be opened, by you or by us.
        </p>
      </section>
      <section aria-labelledby="privacy-never">
        <h2 id="privacy-never">What we never do</h2>
        <ul>
          <li>We do not sell your data or use it for advertising.</li>
          <li>We do not use tracking cookies. One cookie keeps you signed in.</li>
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
          phone and computer, and sign out on a shared one. Deleting your account deletes your data from the server.
        </p>
      </section>
    </StaticPage>
  );
}
