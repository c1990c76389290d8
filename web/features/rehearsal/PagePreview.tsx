/**
 * A release page (web/release/: trustee.ts `trusteeView`, delivery.ts `deliveryView`) rendered
 * inside the app for "Rehearse the release": the very view functions the pages use, so the words
 * are the pages' own. Inert: its forms never post and its buttons are disabled (a preview makes
 * nothing, sends nothing); its ids are prefixed so two previews never share one.
 */
import { useEffect, useId, useRef } from 'react';

/** What a release view returns (trustee.ts, delivery.ts). */
export interface ViewOutput {
  title: string;
  nodes: Node[];
}

/** Makes `root`'s content inert and its ids unique under `prefix`. */
function quieten(root: HTMLElement, prefix: string): void {
  for (const form of root.querySelectorAll('form')) {
    form.addEventListener('submit', (e) => e.preventDefault());
    form.removeAttribute('action');
  }
  for (const button of root.querySelectorAll('button')) button.disabled = true;
  for (const el of root.querySelectorAll('[id]')) el.id = `${prefix}-${el.id}`;
  for (const el of root.querySelectorAll('[aria-labelledby]')) {
    el.setAttribute('aria-labelledby', el.getAttribute('aria-labelledby')!.split(' ').map((id) => `${prefix}-${id}`).join(' '));
  }
  // The page's own heading sits inside the app's screen: one level down, under the person's name.
  for (const h of root.querySelectorAll('h1, h2')) {
    const next = document.createElement(h.tagName === 'H1' ? 'h3' : 'h4');
    for (const a of h.getAttributeNames()) next.setAttribute(a, h.getAttribute(a)!);
    next.append(...h.childNodes);
    h.replaceWith(next);
  }
}

/** The release page `view()` builds, shown in a framed box labelled `label`. */
export function PagePreview({ view, label }: { view: () => ViewOutput; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const prefix = `preview${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  useEffect(() => {
    const el = box.current!;
    el.replaceChildren(...view().nodes);
    quieten(el, prefix);
    return () => el.replaceChildren();
  }, [view, prefix]);
  return (
    <section
      aria-label={label}
      className="release-preview rounded-lg border-2 border-dashed border-slate-400 bg-slate-50 p-4 font-serif text-slate-900 sm:p-6 [&_.card]:my-3 [&_.card]:rounded-lg [&_.card]:border [&_.card]:border-stone-200 [&_.card]:bg-white [&_.card]:p-4 [&_.body]:whitespace-pre-wrap [&_.body]:[overflow-wrap:anywhere] [&_.error]:text-red-800 [&_.muted]:text-sm [&_.muted]:text-slate-700 [&_a]:text-blue-700 [&_a]:underline [&_button]:mt-1 [&_button]:rounded-md [&_button]:bg-slate-600 [&_button]:px-3 [&_button]:py-1 [&_button]:font-sans [&_button]:text-sm [&_button]:text-white [&_button:disabled]:cursor-not-allowed [&_dd]:font-sans [&_dt]:font-sans [&_li]:font-sans [&_dd]:mb-3 [&_dd]:whitespace-pre-wrap [&_dt]:font-semibold [&_h3]:mb-3 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_li]:my-1 [&_li]:[overflow-wrap:anywhere] [&_p]:my-2 [&_p]:font-sans [&_ul]:list-disc [&_ul]:pl-5"
    >
      <div ref={box} />
    </section>
  );
}
