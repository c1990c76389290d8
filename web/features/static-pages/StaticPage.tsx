/** The frame of a text page (help, privacy, terms, contact): one h1, a lead line, readable prose. */
import type { ReactNode } from 'react';

export function StaticPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {lead && <p className="mt-3 text-lg text-slate-600">{lead}</p>}
      <div className="mt-8 flex flex-col gap-8 text-slate-700 [&_a]:font-medium [&_a]:text-accent-700 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mb-2 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3 [&_ul]:mt-2 [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1">
        {children}
      </div>
    </article>
  );
}
