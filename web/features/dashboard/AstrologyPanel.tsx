/**
 * The astrological insights panel (SPEC.md §2 "Dashboard", §3 "Astrological insight", §4
 * "Astrological panel", §8): tabs general (default), death-plan, message-vault, documents; the
 * request is made only when the profile has a birthdate. The panel loads with the tab, so the
 * built-in helper answers on the device (a model on the server is asked only after a press and
 * the consent dialog, DESIGN.md §4, and this panel has no button to ask). Plain text output.
 */
import { Moon } from 'lucide-react';
import type { PlanType } from '../../../shared/schema';
import { askAiInApp } from '../../ai/app-deps';
import { useT } from '../../i18n/i18n';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { PanelNotice } from './PanelNotice';
import { useApiQuery } from './use-api-query';

/** SPEC.md §4 "Astrological panel": the tabs, general first (the default). */
const PLAN_TABS: readonly PlanType[] = ['general', 'death-plan', 'message-vault', 'documents'];

function ElementList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="mt-1 flex flex-wrap gap-1.5">
        {items.map((item, i) => (
          <li key={`${i}-${item}`} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm text-slate-800">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Insight({ birthdate, planType }: { birthdate: string; planType: PlanType }) {
  // Opening a tab is loading, not asking: answered on the device (no consent dialog on the dashboard).
  const { t } = useT();
  const query = useApiQuery(`astrology:${birthdate}:${planType}`, (opts) => askAiInApp('astrologicalInsights', { birthdate, planType }, opts));
  if (query.status !== 'success') {
    if (query.status === 'cancelled') return <PanelNotice kind="info">{t('dashboard.astrology.cancelled')}</PanelNotice>;
    if (query.status === 'offline') return <PanelNotice kind="offline">{t('dashboard.astrology.offline')}</PanelNotice>;
    if (query.status === 'error') {
      return (
        <PanelNotice kind="error">
          {t('dashboard.astrology.error')}
          {query.reason && <span className="mt-1 block">{query.reason}</span>}
        </PanelNotice>
      );
    }
    return <PanelNotice kind="loading">{t('dashboard.astrology.loading')}</PanelNotice>;
  }
  const { insights, recommendations, elements } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="whitespace-pre-line text-slate-800">{insights}</p>
      {recommendations.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t('dashboard.astrology.recommendations')}</h3>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-slate-700">
            {recommendations.map((r, i) => (
              <li key={`${i}-${r}`}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <ElementList title={t('dashboard.astrology.favorable')} items={elements.favorable} />
        <ElementList title={t('dashboard.astrology.challenging')} items={elements.challenging} />
      </div>
    </div>
  );
}

export function AstrologyPanel({ birthdate }: { birthdate: string | null }) {
  const { t } = useT();
  return (
    <Card aria-labelledby="astrology-heading" className="flex flex-col">
      <CardHeader>
        <div className="flex items-start gap-2">
          <Moon className="mt-1 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          <div>
            <CardTitle as="h2" id="astrology-heading">
              {t('dashboard.astrology.title')}
            </CardTitle>
            <CardDescription>{t('dashboard.astrology.description')}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {birthdate ? (
          <Tabs defaultValue="general">
            <TabsList aria-label={t('dashboard.astrology.topic')}>
              {PLAN_TABS.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {t(`dashboard.astrology.tab.${tab}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {PLAN_TABS.map((tab) => (
              <TabsContent key={tab} value={tab} aria-live="polite">
                <Insight birthdate={birthdate} planType={tab} />
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <PanelNotice kind="info">{t('dashboard.astrology.noBirthdate')}</PanelNotice>
        )}
      </CardContent>
    </Card>
  );
}
