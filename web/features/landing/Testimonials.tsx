/** Three testimonials (SPEC.md §1, §2): sample content, and labelled so. */
import { Quote } from 'lucide-react';
import { Section } from './Section';

const TESTIMONIALS = [
  {
    quote:
      'After my diagnosis I could not face a lawyer’s office. I did this at my kitchen table, a little each evening, and it felt like putting my house in order.',
    name: 'Margaret, 72',
  },
  {
    quote:
      'When Dad died we opened his plan and there it all was: the hymn he wanted, where the insurance papers were, a letter for each of us. We could grieve instead of guess.',
    name: 'David, 45',
  },
  {
    quote:
      'I recorded a video for each of my children to open when they turn eighteen. I hope they never need it for years. Knowing it is there lets me sleep.',
    name: 'Priya, 38',
  },
];

export function Testimonials() {
  return (
    <Section
      eyebrow="Stories"
      title="What peace of mind sounds like"
      intro="Sample stories that show how people use Afterword."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <Quote className="size-6 text-accent-600" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 font-serif text-lg leading-relaxed text-slate-800">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-medium text-slate-600">{t.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
