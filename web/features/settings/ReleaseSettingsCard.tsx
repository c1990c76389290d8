/**
 * Release after death settings (DESIGN.md §8): the check-in interval and the waiting period,
 * saved as soon as they change, with the current state in words.
 */
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/intl-format';
import { CHECK_IN_OPTIONS, WAITING_OPTIONS, type ReleaseSettings } from '../../../shared/schema/release';
import { useT } from '../../i18n/i18n';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Select } from '../../ui/Select';
import { toast } from '../../ui/toast-store';
import { PasswordNotConfirmed, withRecentPassword } from '../../pwa/confirm-password';
import { enableCheckInPush, pushOutcomeText } from '../../pwa/push-subscribe';
import { getReleaseSettings, putReleaseSettings, useReleaseStore } from '../release';
import { actionErrorText, NeedsConnection, useReloadOnline } from './connection';

export function ReleaseSettingsCard({ onSaved }: { onSaved: () => void }) {
  const { t, language } = useT();
  const when = (iso: string) => formatDateTime(iso, language);
  const checkInLabels = CHECK_IN_OPTIONS.map((days) => ({ value: String(days), label: days === 0 ? t('settings.release.checkInOff') : t('settings.release.checkInEvery', { days }) }));
  const waitingLabels = WAITING_OPTIONS.map((days) => ({ value: String(days), label: t(days === 7 ? 'settings.release.waitingDefault' : 'settings.release.waitingDays', { days }) }));
  const [settings, setSettings] = useState<ReleaseSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const status = useReleaseStore((s) => s.status);
  const refresh = useReleaseStore((s) => s.refresh);

  const load = useCallback(() => {
    getReleaseSettings().then(
      (s) => {
        setSettings(s);
        setFailed(false);
      },
      () => setFailed(true),
    );
    void refresh().catch(() => undefined);
  }, [refresh]);
  useEffect(() => {
    getReleaseSettings().then(setSettings, () => setFailed(true));
  }, []);
  useReloadOnline(load);

  async function save(patch: Partial<ReleaseSettings>) {
    try {
      // Who may start a release, and when: the password entered recently (sync-server/accounts/reauth.ts).
      const saved = await withRecentPassword(() => putReleaseSettings(patch));
      setSettings(saved);
      toast({ title: t('settings.release.saved') });
      // Check-ins turned on: remind on this device too, by a notification (DESIGN.md §8 "Check-ins").
      // The browser may wait for the person's answer; then the toast says what this device will do.
      const device = patch.checkInDays ? pushOutcomeText(await enableCheckInPush()) : undefined;
      if (device) toast({ title: t('settings.release.saved'), description: device });
      await refresh();
      onSaved();
    } catch (err) {
      if (err instanceof PasswordNotConfirmed) return;
      toast({ title: t('settings.couldNotSave'), description: actionErrorText(err), variant: 'destructive' });
    }
  }

  const released = status?.state === 'released';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.release.title')}</CardTitle>
        <CardDescription>{t('settings.release.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="flex flex-wrap items-center gap-2 text-slate-800">
          <span className="font-medium">{t('settings.release.status')}</span>
          {status === null ? (
            failed ? <NeedsConnection onRetry={load} /> : <span>{t('settings.loading')}</span>
          ) : status.state === 'active' ? (
            <>
              <Badge color="green">{t('settings.release.active')}</Badge>
              <span>{status.checkInDueAt ? t('settings.release.checkInDue', { when: when(status.checkInDueAt) }) : t('settings.release.checkInsOff')}</span>
            </>
          ) : status.state === 'waiting' ? (
            <>
              <Badge color="yellow">{t('settings.release.waiting')}</Badge>
              <span>{t('settings.release.ends', { when: when(status.endsAt!) })}</span>
            </>
          ) : status.state === 'awaiting-confirmations' ? (
            <>
              <Badge color="yellow">{t('settings.release.awaiting')}</Badge>
              <span>{t('settings.release.awaitingText')}</span>
            </>
          ) : (
            <>
              <Badge color="gray">{t('settings.release.released')}</Badge>
              <span>{t('settings.release.releasedAt', { when: when(status.releasedAt!) })}</span>
            </>
          )}
        </p>
        {settings && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('settings.release.checkIn')} hint={t('settings.release.checkInHint')}>
              <Select
                options={checkInLabels}
                value={String(settings.checkInDays)}
                disabled={released}
                onValueChange={(v) => void save({ checkInDays: Number(v) as ReleaseSettings['checkInDays'] })}
              />
            </FormField>
            <FormField label={t('settings.release.waiting')} hint={t('settings.release.waitingHint')}>
              <Select
                options={waitingLabels}
                value={String(settings.waitingDays)}
                disabled={released}
                onValueChange={(v) => void save({ waitingDays: Number(v) as ReleaseSettings['waitingDays'] })}
              />
            </FormField>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
