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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { PanelNotice } from './PanelNotice';
import { useApiQuery } from './use-api-query';

const PLAN_TABS: { value: PlanType; label: string }[] = [
  { value: 'general', label: 'General' },
  { value: 'death-plan', label: 'Death Plan' },
  { value: 'message-vault', label: 'Message Vault' },
  { value: 'documents', label: 'Documents' },
];

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
  const query = useApiQuery(`astrology:${birthdate}:${planType}`, (opts) => askAiInApp('astrologicalInsights', { birthdate, planType }, opts));
  if (query.status !== 'success') {
    if (query.status === 'cancelled') return <PanelNotice kind="info">Nothing was sent.</PanelNotice>;
    if (query.status === 'offline') return <PanelNotice kind="offline">You are offline. Astrological insights need a connection.</PanelNotice>;
    if (query.status === 'error') {
      return (
        <PanelNotice kind="error">
          Unable to load insights. Please try again later.
          {query.reason && <span className="mt-1 block">{query.reason}</span>}
        </PanelNotice>
      );
    }
    return <PanelNotice kind="loading">Loading insights...</PanelNotice>;
  }
  const { insights, recommendations, elements } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="whitespace-pre-line text-slate-800">{insights}</p>
      {recommendations.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Recommendations</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
            {recommendations.map((r, i) => (
              <li key={`${i}-${r}`}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <ElementList title="Favorable" items={elements.favorable} />
        <ElementList title="Challenging" items={elements.challenging} />
      </div>
    </div>
  );
}

export function AstrologyPanel({ birthdate }: { birthdate: string | null }) {
  return (
    <Card aria-labelledby="astrology-heading" className="flex flex-col">
      <CardHeader>
        <div className="flex items-start gap-2">
          <Moon className="mt-1 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          <div>
            <CardTitle as="h2" id="astrology-heading">
              Astrological Insights
            </CardTitle>
            <CardDescription>Reflections drawn from your birth date, for each part of your plan.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {birthdate ? (
          <Tabs defaultValue="general">
            <TabsList aria-label="Insight topic">
              {PLAN_TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {PLAN_TABS.map((t) => (
              <TabsContent key={t.value} value={t.value} aria-live="polite">
                <Insight birthdate={birthdate} planType={t.value} />
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <PanelNotice kind="info">Add your birthdate in your profile to receive personalized astrological insights.</PanelNotice>
        )}
      </CardContent>
    </Card>
  );
}
