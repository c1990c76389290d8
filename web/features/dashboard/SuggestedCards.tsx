/**
 * The four 'Suggested for You' cards (SPEC.md §2 "Dashboard"): title, description, status badge,
 * three checklist items and a link button (Survivor Tasks also says how many tasks are done);
 * status and count from shared/dashboard-cards.ts.
 */
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cardButtonLabel, type DashboardData, progressCards } from '../../../shared/dashboard-cards';
import { COMPLETION_STATUS_LABELS } from '../../../shared/labels';
import type { CompletionStatus } from '../../../shared/schema';
import { Badge, type BadgeColor } from '../../ui/Badge';
import { buttonClasses } from '../../ui/button-classes';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../ui/Card';

const STATUS_COLORS: Record<CompletionStatus, BadgeColor> = { 'not-started': 'gray', 'in-progress': 'blue', completed: 'green' };

export function SuggestedCards({ data }: { data: DashboardData }) {
  return (
    <section aria-labelledby="suggested-heading">
      <h2 id="suggested-heading" className="mb-3 text-xl font-semibold text-slate-900">
        Suggested for You
      </h2>
      {/* SPEC.md §9: card grids are 1 column, 2 at medium width, 3 at large width. */}
      <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {progressCards(data).map((card) => (
          <li key={card.type} className="flex">
            <Card className="flex w-full flex-col" data-card={card.type}>
              <CardHeader>
                <CardTitle>{card.title}</CardTitle>
                <Badge color={STATUS_COLORS[card.status]} className="self-start">
                  {COMPLETION_STATUS_LABELS[card.status]}
                </Badge>
                <CardDescription>{card.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="flex flex-col gap-2" aria-label={`${card.title} checklist`}>
                  {card.items.map((item) => (
                    <li key={item.label} className="flex items-center gap-2 text-sm text-slate-700">
                      {item.completed ? (
                        <CheckCircle2 className="size-4 shrink-0 text-green-700" aria-label="Done" />
                      ) : (
                        <Circle className="size-4 shrink-0 text-slate-400" aria-label="To do" />
                      )}
                      <span className={item.completed ? 'text-slate-900' : undefined}>{item.label}</span>
                    </li>
                  ))}
                </ul>
                {card.count && (
                  <p className="mt-3 text-sm text-slate-700" data-testid={`${card.type}-count`}>
                    {card.count.done} of {card.count.total} {card.count.total === 1 ? 'task' : 'tasks'} done
                  </p>
                )}
              </CardContent>
              <CardFooter>
                <Link
                  to={card.href}
                  aria-label={`${cardButtonLabel(card.status)}: ${card.title}`}
                  className={buttonClasses(card.status === 'not-started' ? 'accent' : 'outline', 'md', 'w-full')}
                >
                  {cardButtonLabel(card.status)}
                </Link>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
