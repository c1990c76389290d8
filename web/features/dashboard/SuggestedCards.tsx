/**
 * The four 'Suggested for You' cards (SPEC.md §2 "Dashboard"): title, description, status badge,
 * three checklist items and a link button (Survivor Tasks also says how many tasks are done);
 * status and count from shared/dashboard-cards.ts.
 */
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type DashboardData, progressCards } from '../../../shared/dashboard-cards';
import { useT } from '../../i18n/i18n';
import type { CompletionStatus } from '../../../shared/schema';
import { Badge, type BadgeColor } from '../../ui/Badge';
import { buttonClasses } from '../../ui/button-classes';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/Card';

/** A card's three checklist items, in shared/dashboard-cards.ts's order: their ids end in 1, 2 and 3. */
const ITEMS = [1, 2, 3] as const;

const STATUS_COLORS: Record<CompletionStatus, BadgeColor> = { 'not-started': 'gray', 'in-progress': 'blue', completed: 'green' };

export function SuggestedCards({ data }: { data: DashboardData }) {
  const { t } = useT();
  return (
    <section aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" className="mb-3 text-xl font-semibold text-slate-900">
        {t('dashboard.suggested')}
      </h2>
      {/* SPEC.md §9: card grids are 1 column, 2 at medium width, 3 at large width. */}
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {progressCards(data).map((card) => {
          const title = t(`dashboard.card.${card.type}.title`);
          const action = t(card.status === 'not-started' ? 'dashboard.card.start' : 'dashboard.card.continue');
          return (
            <li key={card.type} className="flex">
              <Card className="flex w-full flex-col" data-card={card.type}>
                <CardHeader>
                  <CardTitle>{title}</CardTitle>
                  <Badge color={STATUS_COLORS[card.status]} className="self-start">
                    {t(`dashboard.status.${card.status}`)}
                  </Badge>
                  <CardDescription>{t(`dashboard.card.${card.type}.description`)}</CardDescription>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="flex flex-col gap-2" aria-label={t('dashboard.card.checklist', { title })}>
                    {card.items.map((item, i) => (
                      <li key={item.label} className="flex items-center gap-2 text-sm text-slate-700">
                        {item.completed ? (
                          <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-label={t('dashboard.card.done')} />
                        ) : (
                          <Circle className="size-4 shrink-0 text-slate-400" aria-label={t('dashboard.card.toDo')} />
                        )}
                        <span className={item.completed ? 'text-slate-900' : undefined}>{t(`dashboard.card.${card.type}.item${ITEMS[i]!}`)}</span>
                      </li>
                    ))}
                  </ul>
                  {card.count && (
                    <p className="mt-3 text-sm text-slate-700" data-testid={`${card.type}-count`}>
                      {t('dashboard.card.tasksDone', { done: String(card.count.done), total: card.count.total })}
                    </p>
                  )}
                </CardContent>
                <CardFooter>
                  <Link
                    to={card.href}
                    aria-label={t('dashboard.card.linkLabel', { action, title })}
                    className={buttonClasses(card.status === 'not-started' ? 'accent' : 'outline', 'md', 'w-full')}
                  >
                    {action}
                  </Link>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
