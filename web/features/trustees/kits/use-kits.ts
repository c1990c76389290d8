/**
 * The state behind the "Trustee kits" section: the server's kits (GET /api/kits) and trustees'
 * acceptance (GET /api/release/trustees), both needing the network, and the kits themselves,
 * opened from the owner copy with AK on this device (make-kits.ts openHandouts) once the keys are
 * open. Reloaded when the connection returns and when the page is shown again (a trustee may have
 * opened their kit meanwhile).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReleaseTrustee } from '../../../../shared/schema/release';
import { useReloadOnline } from '../../settings';
import type { Api } from '../../keys';
import { getKits, shownGeneration, type KitsState } from './kits-api';
import { openHandouts, type KitHandout, type WithAccountKey } from './make-kits';

export interface KitsView {
  /** Null until loaded (or while the server cannot be reached). */
  state: KitsState | null;
  serverTrustees: ReleaseTrustee[] | null;
  /** The last load failed (offline, or the server answered an error). */
  failed: boolean;
  /** The shown generation's kits by trustee id; null until opened (or with no kits, or keys locked). */
  handouts: Map<string, KitHandout> | null;
  /** Why the kits could not be opened on this device, in the owner's words. */
  handoutError: string | null;
  reload: () => void;
}

/** Loads the section's state for `account` with `api`; opens kits when `keysOpen`. */
export function useKits(deps: { api: Api; account: string | null; keysOpen: boolean; withAccountKey: WithAccountKey }): KitsView {
  const { api, account, keysOpen, withAccountKey } = deps;
  const [state, setState] = useState<KitsState | null>(null);
  const [serverTrustees, setServerTrustees] = useState<ReleaseTrustee[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [handouts, setHandouts] = useState<Map<string, KitHandout> | null>(null);
  const [handoutError, setHandoutError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  useReloadOnline(reload);

  useEffect(() => {
    const onShow = () => document.visibilityState === 'visible' && reload();
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [reload]);

  useEffect(() => {
    if (!account) return;
    let live = true;
    Promise.all([getKits(api), api<ReleaseTrustee[]>('/api/release/trustees')]).then(
      ([kits, trustees]) => {
        if (!live) return;
        setState(kits);
        setServerTrustees(trustees);
        setFailed(false);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api, account, tick]);

  const shown = state && shownGeneration(state);
  // The owner copy changes only with a new generation: open it again only then.
  const copy = shown?.ownerCopy ?? null;
  const listed = shown ? shown.kits.map((k) => `${k.trusteeId}:${k.token}:${k.fingerprint}`).join(',') : '';
  useEffect(() => {
    if (!shown || !account || !keysOpen) {
      setHandouts(null);
      setHandoutError(null);
      return;
    }
    let live = true;
    openHandouts({ account, withAccountKey }, shown, window.location.origin).then(
      (opened) => {
        if (!live) return;
        setHandouts(opened);
        setHandoutError(null);
      },
      (err: Error) => {
        if (!live) return;
        setHandouts(null);
        setHandoutError(err.name === 'KitSetupError' ? err.message : 'Your kits could not be opened on this device. Please reload the page, or make new kits.');
      },
    );
    return () => {
      live = false;
    };
  }, [copy, listed, account, keysOpen, withAccountKey]); // eslint-disable-line react-hooks/exhaustive-deps -- `shown` is a new object on every load; its copy and listing are what matter

  return { state, serverTrustees, failed, handouts, handoutError, reload };
}
