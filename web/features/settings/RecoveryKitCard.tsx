/**
 * Settings' "Recovery kit" card (SECURITY.md "Recovery"): when the kit was made and whether the
 * person showed they kept it (GET /api/keys/recovery/state), "Make a new recovery kit" (NewKitDialog.tsx: the old
 * code stops working; it offers replacing the account key) and "I lost a device" (the key replaced, other devices signed out), and after a password reset whose words were not opened yet, the way to
 * open them with the recovery code (ReopenWords.tsx). Needs a connection, like the other cards.
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { Badge } from '../../ui/Badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { kitDate, kitState, NewKitButton, ReopenWords, type KitState } from '../keys';
import { useReloadOnline } from './connection';

type Loaded = KitState | 'failed' | undefined;

export function RecoveryKitCard() {
  const user = useSession((s) => s.user);
  const [state, setState] = useState<Loaded>(undefined);
  const load = useCallback(() => {
    kitState(apiFetch).then(setState, () => setState('failed'));
  }, []);
  useEffect(load, [load]);
  useReloadOnline(load);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recovery kit</CardTitle>
        <CardDescription>If you forget your password, your recovery code opens your words again. Without your password and without this code, you cannot open them again.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === undefined && <p className="text-sm text-slate-600">Loading...</p>}
        {state === 'failed' && <p className="text-sm text-slate-600">The state of your kit can be shown when you are connected.</p>}
        {state && state !== 'failed' && !state.hasKeys && <p className="text-sm text-slate-700">Your recovery kit is made the next time you sign in.</p>}
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
  if (!kit.createdAt) return <p className="text-sm text-slate-700">You have no recovery kit. Please make one now.</p>;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" data-testid="recovery-kit-state">
      <p className="text-sm text-slate-700">
        Made on {kitDate(kit.createdAt)}.{' '}
        {kit.confirmedAt ? `You showed you kept it on ${kitDate(kit.confirmedAt)}.` : 'You have not yet shown that you kept it: if it is lost, make a new one.'}
      </p>
      {kit.confirmedAt ? (
        <Badge color="green" className="self-start sm:self-auto">
          Kept
        </Badge>
      ) : (
        <Badge color="orange" className="self-start sm:self-auto">
          Not confirmed
        </Badge>
      )}
    </div>
  );
}
