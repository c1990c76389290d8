/**
 * The features section (id "features", SPEC.md §2): three tabs, Death Plan first, each with a
 * sample preview. On the prerendered page the other tabs are shown disabled until React has taken
 * the page over (useHydrated): a tap before then did nothing while the tab looked ready (issue
 * "Promises kept", finding 9), so until it works it does not look as if it would.
 */
import { Check } from 'lucide-react';
import { useHydrated } from '../../app/hydrated';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { FEATURES, type FeatureTab } from './feature-content';
import { DeathPlanPreview, DocumentsPreview, MessagesPreview } from './FeaturePreviews';
import { Section } from './Section';

const PREVIEWS: Record<FeatureTab, () => React.JSX.Element> = {
  'death-plan': DeathPlanPreview,
  messages: MessagesPreview,
  documents: DocumentsPreview,
};

export function FeatureTabs() {
  const live = useHydrated();
  return (
    <Section
      id="features"
      eyebrow="What you can do"
      title="Everything in one quiet place"
      intro="Three parts, each at your own pace. Start anywhere; nothing needs to be finished today."
    >
      <Tabs defaultValue="death-plan" className="mx-auto max-w-5xl">
        <TabsList aria-label="Features" className="mx-auto max-w-xl">
          {FEATURES.map((f) => (
            <TabsTrigger key={f.value} value={f.value} className="text-base" disabled={!live && f.value !== 'death-plan'}>
              {f.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {FEATURES.map((f) => {
          const Preview = PREVIEWS[f.value];
          return (
            <TabsContent key={f.value} value={f.value} className="mt-10">
              <div className="grid grid-cols-1 items-start gap-10 lg:grid-cols-2">
                <div>
                  <h3 className="font-serif text-2xl font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-3 text-slate-700">{f.description}</p>
                  <ul className="mt-6 flex flex-col gap-3">
                    {f.points.map((p) => (
                      <li key={p} className="flex gap-3">
                        <Check className="mt-1 size-5 shrink-0 text-accent-700" aria-hidden="true" />
                        <span>{p}</span>
                      </li>
                    ))}
                  </ul>
                </div>
                <Preview />
              </div>
            </TabsContent>
          );
        })}
      </Tabs>
    </Section>
  );
}
