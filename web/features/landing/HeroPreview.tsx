/** A quiet glimpse of the product beside the hero: a plan in progress and a message waiting. Decorative sample content. */
import { Heart, Mail } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { useT } from '../../i18n/i18n';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';

export function HeroPreview() {
  const { t } = useT();
  return (
    <div className="relative mx-auto w-full max-w-md" aria-label={t('landing.preview.label')} role="img">
      <Card className="p-5 shadow-lg">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-accent-100 text-accent-700">
            <Heart className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="font-semibold text-slate-900">{t('landing.sample.planTitle')}</p>
            <p className="text-sm text-slate-600">{t('landing.preview.sections')}</p>
          </div>
        </div>
        <Progress value={71} label={t('landing.preview.completion')} className="mt-4" />
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-600">{t('landing.sample.service')}</dt>
            <dd className="font-medium text-slate-900">{t('landing.sample.serviceValue')}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('landing.sample.resting')}</dt>
            <dd className="font-medium text-slate-900">{t('landing.preview.burial')}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-slate-600">{t('landing.sample.music')}</dt>
            <dd className="font-medium text-slate-900">{t('landing.preview.music')}</dd>
          </div>
        </dl>
      </Card>
      <Card className="relative -mt-4 ms-4 p-4 shadow-lg sm:ms-16">
        <div className="flex items-center gap-3">
          <Mail className="size-5 text-slate-600" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{t('landing.preview.letter')}</p>
            <p className="text-sm text-slate-600">{t('landing.preview.video')}</p>
          </div>
          <Badge color="green">{t('landing.sample.scheduled')}</Badge>
        </div>
      </Card>
    </div>
  );
}
