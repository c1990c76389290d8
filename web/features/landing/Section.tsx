/**
 * A landing-page section: an anchor id, an eyebrow, an h2 and an intro, centred above its content.
 * The heading's id is `<id>-heading`, or `headingId` for a section without an anchor (its title is
 * in the reader's language, so it names no id).
 * Below the first screen, so its style, layout and paint wait until it nears the viewport
 * (`content-visibility: auto`, with a remembered size; issue #20: the long page's style and layout
 * were a third of the landing's main-thread work on a throttled phone).
 */
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

export function Section({
  id,
  headingId: givenHeadingId,
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  id?: string;
  headingId?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = givenHeadingId ?? `${id ?? 'section'}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('px-4 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:px-6 sm:py-24', className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow && <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 font-serif text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}
