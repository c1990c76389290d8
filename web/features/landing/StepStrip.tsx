/**
 * The three-step strip under the hero (SPEC.md §2): Plan, Communicate, Support. Below a phone's
 * first screen, so it is laid out once it nears the viewport (content-visibility, as Section).
 */
import { ClipboardList, HandHeart, MessageSquareHeart } from 'lucide-react';

const STEPS = [
  { icon: ClipboardList, title: 'Plan', text: 'Set down your funeral and memorial wishes, at your own pace.' },
  { icon: MessageSquareHeart, title: 'Communicate', text: 'Leave letters, recordings and videos for the people you love.' },
  { icon: HandHeart, title: 'Support', text: 'Give your family a clear guide for the days and weeks after.' },
];

export function StepStrip() {
  return (
    <section aria-label="Plan, Communicate, Support" className="border-y border-stone-200 bg-white px-4 py-10 [contain-intrinsic-size:auto_400px] [content-visibility:auto] sm:px-6">
      <ol className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-800 text-white">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-serif text-xl font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
