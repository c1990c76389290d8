/**
 * Settings' "Recovery kit" card (SECURITY.md "Recovery"): when the kit was made and whether the
 * person showed they kept it (GET /api/keys/recovery/state), "Make a new recovery kit" (NewKitDialog.tsx: the old
 * code stops working; it offers replacing the account key) and "I lost a device" (the key replaced, other devices signed out), and after a password reset whose words were not opened yet, the way to
 * open them with the recovery code (ReopenWords.tsx). Needs a connection, like the other cards.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { formatDate } from '../../../shared/intl-format';
import { useT } from '../../i18n/i18n';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { kitState, NewKitButton, ReopenWords, type KitState } from '../keys';
import { useReloadOnline } from './connection';

type Loaded = KitState | 'failed' | undefined;

export function RecoveryKitCard() {
  const user = useSession((s) => s.user);
  const { t } = useT();
  const [state, setState] = useState<Loaded>(undefined);
  const load = useCallback(() => {
    kitState(apiFetch).then(setState, () => setState('failed'));
  }, []);
  useEffect(load, [load]);
  useReloadOnline(load);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.kit.title')}</CardTitle>
        <CardDescription>{t('settings.kit.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === undefined && <p className="text-sm text-slate-600">{t('settings.kit.loading')}</p>}
        {state === 'failed' && <p className="text-sm text-slate-600">{t('settings.kit.failed')}</p>}
        {state && state !== 'failed' && !state.hasKeys && <p className="text-sm text-slate-700">{t('settings.kit.noKeys')}</p>}
        {state && state !== 'failed' && state.hasKeys && (
          <>
            <KitStatus kit={state} />
            {state.locked && user ? (
              <ReopenWords user={user} onDone={load} />
            ) : (
              <div className="flex flex-col gap-2 sm:flex-row">
                <NewKitButton next="/settings" />
                <NewKitButton next="/settings" lostDevice />
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function KitStatus({ kit }: { kit: KitState }) {
  const { t, language } = useT();
  if (!kit.createdAt) return <p className="text-sm text-slate-700">{t('settings.kit.none')}</p>;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="recovery-kit-state">
      <p className="text-sm text-slate-700">
        {t('settings.kit.madeOn', { date: formatDate(kit.createdAt, language) })}{' '}
        {kit.confirmedAt ? t('settings.kit.keptOn', { date: formatDate(kit.confirmedAt, language) }) : t('settings.kit.notShown')}
      </p>
      {kit.confirmedAt ? (
        <Badge color="green" className="self-start sm:self-auto">
          {t('settings.kit.kept')}
        </Badge>
      ) : (
        <Badge color="orange" className="self-start sm:self-auto">
          {t('settings.kit.notConfirmed')}
        </Badge>
      )}
    </div>
  );
}
