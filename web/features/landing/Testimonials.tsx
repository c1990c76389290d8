/** Three testimonials (SPEC.md §1, §2): sample content, and labelled so. */
import { Quote } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { Section } from './Section';

/** Each story's id in the 'landing' catalog (`landing.stories.<id>`) and its teller, a name and an age (not translated). */
const TESTIMONIALS = [
  { id: 'margaret', name: 'Margaret, 72' },
  { id: 'david', name: 'David, 45' },
  { id: 'priya', name: 'Priya, 38' },
] as const;

export function Testimonials() {
  const { t } = useT();
  return (
    <Section
      headingId="what-peace-of-mind-sounds-like-heading"
      eyebrow={t('landing.stories.eyebrow')}
      title={t('landing.stories.title')}
      intro={t('landing.stories.intro')}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((story) => (
          <li key={story.id}>
            <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
              <Quote className="size-6 text-accent-600" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 font-serif text-lg leading-relaxed text-slate-800">{t('landing.stories.quote', { quote: t(`landing.stories.${story.id}`) })}</blockquote>
              <figcaption className="mt-4 text-sm font-medium text-slate-600">{story.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
