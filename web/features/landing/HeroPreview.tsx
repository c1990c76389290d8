/** A quiet glimpse of the product beside the hero: a plan in progress and a message waiting. Decorative sample content. */
import { Heart, Mail } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';

export function HeroPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-label="A preview of Afterword with sample content" role="img">
      <Card className="p-5 shadow-lg">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent-100 text-accent-700">
            <Heart className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="font-semibold text-slate-900">My After-Death Plan</p>
            <p className="text-sm text-slate-600">5 of 7 sections complete</p>
          </div>
        </div>
        <Progress value={71} label="Plan completion" className="mt-4" />
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-600">Service</dt>
            <dd className="font-medium text-slate-900">Celebration of Life</dd>
          </div>
          <div>
            <dt className="text-slate-600">Resting place</dt>
            <dd className="font-medium text-slate-900">Green Burial</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600">Music</dt>
            <dd className="font-medium text-slate-900">“Clair de Lune” · “Here Comes the Sun”</dd>
          </div>
        </dl>
      </Card>
      <Card className="relative -mt-4 ml-4 p-4 shadow-lg sm:ml-16">
        <div className="flex items-center gap-3">
          <Mail className="size-5 text-slate-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">For Emma, on her wedding day</p>
            <p className="text-sm text-slate-600">Video message</p>
          </div>
          <Badge color="green">Scheduled</Badge>
        </div>
      </Card>
    </div>
  );
}
