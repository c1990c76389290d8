/** /help, the Help Center (SPEC.md §2 "linked"): answers to the questions people ask first. */
import { AppLink as Link } from '../../app/navigation';
import { StaticPage } from './StaticPage';

const FAQS: { q: string; a: string }[] = [
  {
    q: 'Does Afterword work without an internet connection?',
    a: 'Yes. Everything you write is saved on this device first, so you can plan on a train or in a hospital room with no signal. When a connection returns, your changes are sent to our server quietly in the background. The small indicator in the header tells you whether you are offline, how many changes are waiting, or that everything is saved.',
  },
  {
    q: 'Can I install Afterword like an app?',
    a: 'Yes. In most browsers you can choose "Install" or "Add to Home Screen". The installed app opens even when you are offline, with the information you last saw.',
  },
  {
    q: 'What happens if I use Afterword on two devices?',
    a: 'Sign in on both. Each device keeps its own copy and they catch up with each other through the server. If you change the same field in two places while offline, the most recent change is kept.',
  },
  {
    q: 'What is a trustee?',
    a: 'A trustee is someone you trust to carry out your wishes: a partner, a grown child, a close friend or your attorney. You choose what each trustee may see: everything, only your documents, or only your messages. What you wrote is sealed, so after your death they open it with their trustee kit: until enough of your kits are in use, they cannot open your plan, documents and tasks, though your messages still reach the people they are for.',
  },
  {
    q: 'When are my messages delivered?',
    a: 'Nothing is sent while you are alive. Your messages are sent when your plan is released: after a trustee reports your death, or after you stop answering check-ins if you turned them on, and the waiting period ends without word from you. A message with a date is sent on that date if your plan has been released by then; if the release comes after the date, it is sent at the release. A message without a date is sent at the release. Until then it stays in your vault, and you can change or delete it at any time. Once your trustee kits are in use, the release also waits until enough of your trustees confirm your death with their kits, and a message you chose to have a trustee hand over is passed on by that trustee instead. Once sent, your message card shows the day it was sent and the day it was first opened.',
  },
  {
    q: 'Are my documents stored here?',
    a: 'Afterword keeps a reference to each document: its name, its type and where the original can be found, and, if you add one, a copy of the file (a scan, a photo or a PDF), locked on your device before it is uploaded. To change one later, press the pencil ("Edit") on its card: you can rename it, change its type, where the original is kept or its link, or choose a new file to take the place of the old one. If you shared it, the person you shared it with sees the change the next time they open it. Keep originals of legal papers, such as your will, where your attorney advises.',
  },
  {
    q: 'How do the AI suggestions work?',
    a: 'Suggestions for music, obituaries and survivor tasks are drafts to help you begin, made only from what you have written (your profile, and the details and kinds of music you choose): nothing about you is made up. A suggested obituary or music list replaces what is in that field, and is saved at once when your plan is already saved; press Undo on the message that appears to put back exactly what was there. You can always write in your own words.',
  },
  {
    q: 'I need to talk to someone.',
    a: 'Write to us from the contact page. If you are struggling with grief or with thoughts about your own death, please also reach out to someone close to you or to a local support line.',
  },
];

/** Sharing while the person is alive (issue 43; docs/sharing.md): what is built, in plain words. */
const SHARING: { q: string; a: string }[] = [
  {
    q: 'Can I let someone see something now, while I am alive?',
    a: 'Yes, one thing at a time. Press "Share now" on a document, a section of your plan, a list of survivor tasks, a trustee\'s details or a letter, and write the person\'s name, or pick one of your trustees. Afterword makes a link for them. Send it yourself: copy it, use your phone\'s share button, or e-mail it from your own mail app. Afterword cannot see the link, so it cannot send it for you. Whoever has the link can read that one thing in their browser, with no account, and sees your later changes; they cannot change anything. A document\'s file goes with it only if you leave "Share its file too" ticked: then they can open or download it, until you stop sharing. The same window shows who can read it now, who can read it after your death, and who never sees it. A letter is for after your death: Afterword asks you first, and shares it only if you say yes; its recipient still receives it after your death, and a recording stays for then. You can share without a connection: the link is ready at once, and opens once your device is back online.',
  },
  {
    q: 'Someone shared something with me. Can I keep it in my Afterword account?',
    a: 'Yes, if you have an account. Open their link, sign in if you are not (the link brings you back), write who shared it with you, and press "Keep in my Afterword account". It then shows under "Shared with you" on your dashboard, on all your devices, read-only and always the latest version. It is sealed with your own keys, so Afterword cannot read it. If they stop sharing, it opens nothing and your list says so. "Remove" takes it off your list; the link itself is not changed.',
  },
  {
    q: 'How do I stop sharing?',
    a: 'Open "Share now" on the same thing and press "Stop sharing" next to the person\'s name, then confirm. From that moment the link opens nothing. What they already saw, copied, printed or saved while they could open it, they may still have: no one can take back something already read. Deleting a document or a trustee stops its sharing too. In Settings, "Sharing while you are alive" lists everything you shared, when it was last opened and when you stopped it, and once a year we e-mail you a reminder of how many things you share.',
  },
  {
    q: 'What is emergency access?',
    a: 'It is for a time when you cannot act for yourself, such as a stay in hospital. On a trustee\'s card, press "Emergency access" and choose what they may open: documents, sections of your plan, lists of survivor tasks. Choose how long they must wait after asking, from 1 hour to 4 weeks (48 hours unless you choose). Letters are never opened in an emergency. The trustee needs their trustee kit for it, so make trustee kits first. If you give several trustees emergency access, they can ask in the order you set: the next one only after the one before has asked and you refused, or has been removed. This is apart from what happens after your death.',
  },
  {
    q: 'What happens when a trustee asks for emergency access?',
    a: 'Your trustee asks from their trustee kit\'s page. You are told at once, by e-mail and by a notification on your devices if you allowed them: who asked, and when the wait ends. If you do not want them to open anything, open the link and press "Refuse". One press is enough, and nothing is opened. If nobody refuses before the wait ends, your trustee can open exactly what you chose, read-only, and nothing else. No letter is sent and nothing is released.',
  },
  {
    q: 'How do I end an emergency?',
    a: 'When you can act again, open the emergency screen (the link in the e-mail, or the notification) and press "End the emergency". From then on your trustee cannot open anything new; what they already opened, they may have kept. To stop a trustee from asking at all, open "Emergency access" on their card and press "Remove emergency access". Without a connection, the removal (like any change to emergency access) is kept on this device and sent once it is back online; until then your trustee can still ask, and their card says so. If another of your devices changed their emergency access meanwhile, nothing is removed over that change: you are told, and can look at it again.',
  },
];

/** A list of questions, each opening to its answer. */
function Questions({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="mt-4 flex flex-col gap-3">
      {items.map(({ q, a }) => (
        <details key={q} className="group rounded-xl border border-stone-200 bg-white p-4 open:shadow-sm">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
            <span className="mr-2 inline-block text-slate-500 transition-transform group-open:rotate-90" aria-hidden="true">
              ›
            </span>
            {q}
          </summary>
          <p className="mt-3 pl-5">{a}</p>
        </details>
      ))}
    </div>
  );
}

export default function HelpPage() {
  return (
    <StaticPage title="Help Center" lead="How Afterword works, in plain words.">
      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <Questions items={FAQS} />
      </section>
      <section aria-labelledby="sharing-heading">
        <h2 id="sharing-heading">Sharing while you are alive</h2>
        <p>
          Nothing reaches anyone while you are alive unless you choose it. You can share one thing now with one person, and you can let a trustee open what you
          chose if you cannot act for yourself. <Link to="/emergency">The emergency screen</Link> shows any request and lets you refuse it or end it.
        </p>
        <Questions items={SHARING} />
      </section>
      <section>
        <h2>Still need help?</h2>
        <p>
          Visit the <Link to="/contact">contact page</Link> to reach the people who run this Afterword service.
        </p>
      </section>
    </StaticPage>
  );
}
