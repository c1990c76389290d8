/**
 * The AI recommendations panel (SPEC.md §2 "Dashboard", §4 "Recommendations", §7, §8): a budget
 * selector (default moderate), the list of recommendations, and Refresh. The built-in helper
 * answers on the device from its own records (DESIGN.md §4), also when the panel loads; a model
 * on the server is asked only after Refresh or Try Again and the consent dialog. Model output is shown as plain text.
 */
import { useState } from 'react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { BUDGET_LABELS, DEFAULT_BUDGET } from '../../../shared/labels';
import type { BudgetLevel } from '../../../shared/schema';
import { askAiInApp } from '../../ai/app-deps';
import { deviceSnapshot } from '../../ai/device-snapshot';
import { useCurrentDb } from '../../db/current';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { toast } from '../../ui/toast-store';
import { PanelNotice } from './PanelNotice';
import { useApiQuery } from './use-api-query';

/** The budget levels in shared/labels.ts's order (its English stays for the AI prompts; the select shows the catalog's words). */
const BUDGETS = Object.keys(BUDGET_LABELS) as BudgetLevel[];

export function RecommendationsPanel() {
  const { t } = useT();
  const [budget, setBudget] = useState<BudgetLevel>(DEFAULT_BUDGET);
  const db = useCurrentDb((s) => s.db);
  const query = useApiQuery(
    `recommendations:${db?.userId}:${budget}`,
    async (opts) => askAiInApp('recommendations', { budget, snapshot: await deviceSnapshot(db!) }, opts),
    db !== null,
  );

  const refresh = () => {
    toast({ title: t('dashboard.recommendations.refreshToast'), description: t('dashboard.recommendations.refreshToastDescription') });
    void query.refetch();
  };

  return (
    <Card aria-labelledby="recommendations-heading" className="flex flex-col">
      <CardHeader className="gap-3">
        <div className="flex items-start gap-2">
          <Sparkles className="mt-1 size-5 shrink-0 text-accent-700" aria-hidden="true" />
          <div>
            <CardTitle as="h2" id="recommendations-heading">
              {t('dashboard.recommendations.title')}
            </CardTitle>
            <CardDescription>{t('dashboard.recommendations.description')}</CardDescription>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Select
            aria-label={t('dashboard.recommendations.budget')}
            className="w-auto min-w-44 flex-1"
            options={BUDGETS.map((value) => ({ value, label: t(`dashboard.budget.${value}`) }))}
            value={budget}
            onValueChange={(v) => setBudget(v as BudgetLevel)}
          />
          <Button variant="outline" onClick={refresh} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
            {t(query.isFetching ? 'dashboard.recommendations.refreshing' : 'dashboard.recommendations.refresh')}
          </Button>
        </div>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={query.isFetching}>
        {query.status === 'loading' && <PanelNotice kind="loading">{t('dashboard.recommendations.loading')}</PanelNotice>}
        {query.status === 'offline' && <PanelNotice kind="offline">{t('dashboard.recommendations.offline')}</PanelNotice>}
        {query.status === 'cancelled' && <PanelNotice kind="info">{t('dashboard.recommendations.cancelled')}</PanelNotice>}
        {query.status === 'error' && (
          <PanelNotice
            kind="error"
            action={
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {t('dashboard.recommendations.tryAgain')}
              </Button>
            }
          >
            {t('dashboard.recommendations.error')}
            {query.reason && <span className="mt-1 block">{query.reason}</span>}
          </PanelNotice>
        )}
        {query.status === 'success' && (
          <ul className="flex flex-col gap-3">
            {query.data.recommendations.map((r, i) => (
              <li key={`${i}-${r.title}`} className="rounded-lg border border-stone-200 bg-stone-50 p-3">
                <p className="font-semibold text-slate-900">{r.title}</p>
                <p className="text-sm text-slate-700">{r.description}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
