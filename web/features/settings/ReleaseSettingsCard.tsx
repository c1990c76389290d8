/**
 * Release after death settings (DESIGN.md §8): the check-in interval and the waiting period,
 * saved as soon as they change, with the current state in words.
 */
import { useCallback, useEffect, useState } from 'react';
import { CHECK_IN_OPTIONS, WAITING_OPTIONS, type ReleaseSettings } from '../../../shared/schema/release';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Select } from '../../ui/Select';
import { toast } from '../../ui/toast-store';
import { PasswordNotConfirmed, withRecentPassword } from '../../pwa/confirm-password';
import { enableCheckInPush, pushOutcomeText } from '../../pwa/push-subscribe';
import { formatWhen, getReleaseSettings, putReleaseSettings, useReleaseStore } from '../release';
import { actionErrorText, NeedsConnection, useReloadOnline } from './connection';

const CHECK_IN_LABELS = CHECK_IN_OPTIONS.map((d) => ({ value: String(d), label: d === 0 ? 'Off' : `Every ${d} days` }));
const WAITING_LABELS = WAITING_OPTIONS.map((d) => ({ value: String(d), label: `${d} days${d === 7 ? ' (default)' : ''}` }));

export function ReleaseSettingsCard({ onSaved }: { onSaved: () => void }) {
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
      toast({ title: 'Release settings saved' });
      // Check-ins turned on: remind on this device too, by a notification (DESIGN.md §8 "Check-ins").
      // The browser may wait for the person's answer; then the toast says what this device will do.
      const device = patch.checkInDays ? pushOutcomeText(await enableCheckInPush()) : undefined;
      if (device) toast({ title: 'Release settings saved', description: device });
      await refresh();
      onSaved();
    } catch (err) {
      if (err instanceof PasswordNotConfirmed) return;
      toast({ title: 'Could not save', description: actionErrorText(err), variant: 'destructive' });
    }
  }

  const released = status?.state === 'released';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Release after death</CardTitle>
        <CardDescription>
          When you die, each of your messages is sent to its recipient and your trustees are given what their access
          level allows — never before. Either your check-ins lapse or a trustee tells us; then a waiting period begins,
          during which we email you and you can cancel with one click.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="flex flex-wrap items-center gap-2 text-slate-800">
          <span className="font-medium">Status:</span>
          {status === null ? (
            failed ? <NeedsConnection onRetry={load} /> : <span>Loading…</span>
          ) : status.state === 'active' ? (
            <>
              <Badge color="green">Active</Badge>
              <span>{status.checkInDueAt ? `Next check-in due ${formatWhen(status.checkInDueAt)}.` : 'Check-ins are off.'}</span>
            </>
          ) : status.state === 'waiting' ? (
            <>
              <Badge color="yellow">Waiting period</Badge>
              <span>Ends {formatWhen(status.endsAt!)}.</span>
            </>
          ) : status.state === 'awaiting-confirmations' ? (
            <>
              <Badge color="yellow">Awaiting confirmations</Badge>
              <span>Nothing is released until enough trustees confirm with their kits.</span>
            </>
          ) : (
            <>
              <Badge color="gray">Released</Badge>
              <span>Released {formatWhen(status.releasedAt!)}.</span>
            </>
          )}
        </p>
        {settings && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Check-in interval" hint="Using Afterword, signing in, or pressing “I'm here” in a reminder counts as a check-in; a device simply left signed in does not. We remind you by e-mail, and by a notification where you allow it, before anything happens.">
              <Select
                options={CHECK_IN_LABELS}
                value={String(settings.checkInDays)}
                disabled={released}
                onValueChange={(v) => void save({ checkInDays: Number(v) as ReleaseSettings['checkInDays'] })}
              />
            </FormField>
            <FormField label="Waiting period" hint="How long we wait, and ask you to confirm, before releasing.">
              <Select
                options={WAITING_LABELS}
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
