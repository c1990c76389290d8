/**
 * The features section (id "features", SPEC.md §2): three tabs, Death Plan first, each with a
 * sample preview. On the prerendered page the other tabs are shown disabled until React has taken
 * the page over (useHydrated): a tap before then did nothing while the tab looked ready (issue
 * "Promises kept", finding 9), so until it works it does not look as if it would.
 */
import { Check } from 'lucide-react';
import { useHydrated } from '../../app/hydrated';
import { useT } from '../../i18n/i18n';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { FEATURES, type FeatureTab, pointIds } from './feature-content';
import { DeathPlanPreview, DocumentsPreview, MessagesPreview } from './FeaturePreviews';
import { Section } from './Section';

const PREVIEWS: Record<FeatureTab, () => React.JSX.Element> = {
  'death-plan': DeathPlanPreview,
  messages: MessagesPreview,
  documents: DocumentsPreview,
};

export function FeatureTabs() {
  const live = useHydrated();
  const { t } = useT();
  return (
    <Section
      id="features"
      eyebrow={t('landing.features.eyebrow')}
      title={t('landing.features.title')}
      intro={t('landing.features.intro')}
    >
      <Tabs defaultValue="death-plan" className="mx-auto max-w-5xl">
        <TabsList aria-label={t('landing.features.tabs')} className="mx-auto max-w-xl">
          {FEATURES.map((f) => (
            <TabsTrigger key={f} value={f} className="text-base" disabled={!live && f !== 'death-plan'}>
              {t(`landing.features.${f}.label`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {FEATURES.map((f) => {
          const Preview = PREVIEWS[f];
          return (
            <TabsContent key={f} value={f} className="mt-10">
              <div className="grid grid-cols-1 items-start gap-10 lg:grid-cols-2">
                <div>
                  <h3 className="font-serif text-2xl font-semibold text-slate-900">{t(`landing.features.${f}.title`)}</h3>
                  <p className="mt-3 text-slate-700">{t(`landing.features.${f}.description`)}</p>
                  <ul className="mt-6 flex flex-col gap-3">
                    {pointIds(f).map((p) => (
                      <li key={p} className="flex gap-3">
                        <Check className="mt-1 size-5 shrink-0 text-accent-700" aria-hidden="true" />
                        <span>{t(p)}</span>
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
