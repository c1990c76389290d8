/** How it works (id "how-it-works", SPEC.md §2): Create Your Plan, Designate Trustees, Live with Peace of Mind. */
import { Section } from './Section';

const STEPS = [
  {
    title: 'Create Your Plan',
    text: 'Answer a few gentle questions about your wishes, your values and your papers. Save as you go and come back whenever you are ready.',
  },
  {
    title: 'Designate Trustees',
    text: 'Name the people you trust to carry out your wishes, and choose what each of them may see: everything, only documents, or only messages.',
  },
  {
    title: 'Live with Peace of Mind',
    text: 'Your plan waits quietly, on your device and on our server. When the time comes, your trustees know what to do and your words reach the right people.',
  },
];

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How it works"
      title="Three steps, taken at your own pace"
      className="border-y border-stone-200 bg-white"
    >
      <ol className="grid gap-8 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="relative rounded-xl border border-stone-200 bg-stone-50 p-6">
            <span className="flex size-10 items-center justify-center rounded-full bg-accent-100 font-serif text-lg font-semibold text-accent-800">
              {i + 1}
            </span>
            <h3 className="mt-4 font-serif text-xl font-semibold text-slate-900">{s.title}</h3>
            <p className="mt-2 text-slate-700">{s.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
