/** A landing-page section: an anchor id, an eyebrow, an h2 and an intro, centred above its content. */
import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('px-4 py-16 sm:px-6 sm:py-24', className)}>
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
