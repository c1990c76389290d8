/**
 * The owner's choice of what one trustee may open "in an emergency" (docs/sharing.md "Emergency
 * access"; issue 43), apart from what happens after death: which items (documents, plan sections,
 * survivor task lists; never a letter), the wait during which the owner can refuse (1 hour to 4
 * weeks, 48 hours unless chosen) and the trustee's place in the order trustees are asked. Saving
 * seals the bundle on this device (emergency-access.ts) and keeps the choice in the trustee's
 * owner-sealed record (synced to the owner's other devices, whose EmergencyRefresher re-seals it).
 * A trustee with no kit cannot be given emergency access: the dialog says so and points to kits.
 * An owner whom a request would not reach at once (no confirmed address, no push) is told so (ReachNote).
 * When the server cannot be reached the choice is kept on this device and sent once it can
 * (pending-choices.ts), and the dialog says so; one that was not sent (changed or removed on another
 * device meanwhile) is shown with why, kept for the owner to look at and save again. "Remove
 * emergency access" with no connection waits on the device the same way (only over the choice it
 * was made from), said as waiting for a connection; until it is sent the trustee can still ask.
 */
import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { requireDb, useCurrentDb } from '../../db';
import { EMERGENCY_WAIT_HOURS, type EmergencyChoice, type EmergencyReach } from '../../../shared/schema/trustee';
import type { KitsState } from '../../../shared/schema/kits';
import type { Trustee } from '../../../shared/schema';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Select } from '../../ui/Select';
import { toast } from '../../ui/toast-store';
import { appKeyDeps, useKeySession, type Api } from '../keys';
import { copyTitle, sealedCopiesIn, useShareSource } from '../sharing';
import { choiceFloor, emergencyItems, isChangedChoice, isStaleChoice, nextChoice, removeEmergency, saveFailedWords, sealEmergency } from './emergency-access';
import { pendingChoicesIn, removalRow } from './pending-choices';
import { createChoiceMemory } from './choice-memory';
import { requestSync } from '../../sync';
import { ReachNote } from './ReachNote';
import { choiceSentence, noKitText, nothingChosenText, ORDER_PLACES, orderChoice, orderSentence, removedOfflineToast, removedToast, savedOfflineToast, savedToast, WAIT_CHOICES, waitingChoiceText, waitingRemovalText, waitWords } from './emergency-words';
import { useT } from '../../i18n/i18n';
import { useEmergencyMessages } from './messages';

const api = apiFetch as Api;
type Item = EmergencyChoice['items'][number];
const keyOf = (i: Item) => `${i.kind}:${i.id}`;

/** The dialog for `trustee`; `trusteeCount` bounds the order (one place per trustee). */
export function EmergencyAccessDialog({ trustee, trusteeCount, open, onOpenChange }: { trustee: Trustee; trusteeCount: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  useEmergencyMessages();
  const { t } = useT();
  const source = useShareSource('none'); // no letter is ever chosen for an emergency ('emergency.noLetters')
  const account = useSession((s) => s.user?.id ?? null);
  const withAccountKey = useKeySession((s) => s.withAccountKey);
  const keysOpen = useKeySession((s) => s.status === 'open');
  const saved = trustee.emergency ?? null;
  const [chosen, setChosen] = useState<Set<string>>(() => new Set((saved?.items ?? []).map(keyOf)));
  const [waitHours, setWaitHours] = useState(saved?.waitHours ?? EMERGENCY_WAIT_HOURS.default);
  const [position, setPosition] = useState(saved?.position ?? 0);
  const [kit, setKit] = useState<'loading' | 'yes' | 'no' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);
  const [reach, setReach] = useState<EmergencyReach | null>(null);
  const [reachTick, setReachTick] = useState(0);
  const [floor, setFloor] = useState(0);
  const db = useCurrentDb((s) => s.db);
  /** A choice saved here while offline, waiting to be sent or not sent (pending-choices.ts); undefined while read. */
  const pending = useLiveQuery(async () => (db ? ((await pendingChoicesIn(db.dexie).get(trustee.id)) ?? null) : null), [db, trustee.id]);
  /** The server refused a save here as changed meanwhile: the next save is made over what the server holds now, the owner having been told. */
  const [changedHere, setChangedHere] = useState(false);
  // The kept choice is what the dialog shows, once read.
  const shownPending = useRef(false);
  useEffect(() => {
    if (!pending || shownPending.current) return;
    shownPending.current = true;
    if (pending.remove) return; // a Remove waits: the dialog shows the choice it removes, the record's
    setChosen(new Set(pending.choice.items.map(keyOf)));
    setWaitHours(pending.choice.waitHours);
    setPosition(pending.choice.position);
  }, [pending]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    api<KitsState>('/api/kits').then(
      (s) => live && setKit([s.current, s.pending].some((g) => g?.kits.some((k) => k.trusteeId === trustee.id)) ? 'yes' : 'no'),
      () => live && setKit('failed'),
    );
    return () => {
      live = false;
    };
  }, [open, trustee.id]);
  // How a request would reach the owner (offline, nothing is said: the kits' line above says the
  // connection failed), and the highest choice version the server and this device have held: the
  // next save is above it, also after a Remove (security review s22 H1).
  useEffect(() => {
    if (!open) return;
    let live = true;
    const db = useCurrentDb.getState().db;
    const seen = db ? createChoiceMemory(db.dexie) : undefined;
    api<{ reach?: EmergencyReach; choiceVersions?: Record<string, number> }>('/api/emergency').then(
      (r) => {
        if (live) setReach(r.reach ?? null);
        return r.choiceVersions ?? {};
      },
      () => (live && setReach(null), {}),
    ).then((server) => choiceFloor({ api, seen }, trustee.id, server)).then(
      (n) => live && setFloor(n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [open, reachTick, trustee.id]);

  const items = source ? emergencyItems(source) : [];
  // Its version one above the choice this device holds and the highest known (the server refuses one not above it: isStaleChoice).
  const choice: EmergencyChoice = nextChoice(saved, { items: items.filter(({ ref }) => chosen.has(keyOf(ref as Item))).map(({ ref }) => ref as Item), waitHours, position }, floor);
  // Edited from the choice the trustee's record holds; after the owner was told it changed meanwhile, over what the server holds now.
  const over = async () => {
    if (!changedHere && !pending?.problem) return saved?.version ?? 0;
    const { settings } = await api<{ settings: Array<{ trusteeId: string; choiceVersion: number | null }> }>('/api/emergency');
    const held = settings.find((x) => x.trusteeId === trustee.id);
    return held ? (held.choiceVersion ?? 0) : 0;
  };
  const toggle = (key: string, on: boolean) => setChosen((s) => new Set([...s].filter((k) => k !== key).concat(on ? [key] : [])));
  /** Keeps "Remove" on this device, to be sent once it is online (pending-choices.ts), made from the choice the trustee's record holds, and closes. */
  const keepRemoval = async () => {
    if (!saved) return;
    await pendingChoicesIn(requireDb().dexie).set(trustee.id, removalRow(trustee.id, saved, Date.now()));
    toast({ title: t('emergency.toast.removedOffline'), description: removedOfflineToast(trustee.name) });
    onOpenChange(false);
  };
  /** Keeps `choice` on this device, to be sent once it is online (pending-choices.ts), edited from the choice the trustee's record holds, and closes. */
  const keep = async () => {
    await pendingChoicesIn(requireDb().dexie).set(trustee.id, { trusteeId: trustee.id, choice, basedOn: saved?.version ?? 0, at: Date.now() });
    toast({ title: t('emergency.toast.savedOffline'), description: savedOfflineToast(trustee.name) });
    onOpenChange(false);
  };
  /**
   * Runs one step (the server first, then the trustee's sealed record; a choice kept here goes),
   * then closes with `done`; a failure is a toast titled `failed` and changes nothing here, but the
   * server out of reach with `offline` given: that runs instead.
   */
  const step = async (run: () => Promise<void>, emergency: EmergencyChoice | null, done: { title: string; description: string }, failed: string, offline?: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
      await requireDb().write('trustees', trustee.id, { emergency });
      await pendingChoicesIn(requireDb().dexie).set(trustee.id, null);
      toast(done);
      onOpenChange(false);
    } catch (err) {
      if (offline && err instanceof TypeError) return await offline(); // fetch's own failure: the server out of reach
      if (isChangedChoice(err)) {
        setChangedHere(true);
        requestSync();
      }
      if (isStaleChoice(err)) {
        requestSync(); // another device saved a newer choice: fetch it
        setReachTick((n) => n + 1); // and read the server's highest version again
      }
      toast({ title: failed, description: saveFailedWords(err, trustee.name), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (choice.items.length === 0) return toast({ title: t('emergency.toast.nothingChosen'), description: nothingChosenText(), variant: 'destructive' });
    if (!account || !source || !keysOpen) return toast({ title: t('emergency.toast.keysLocked'), description: t('emergency.toast.unlock'), variant: 'destructive' });
    if (kit === 'failed' || navigator.onLine === false) return keep();
    const deps = { api, account, withAccountKey, device: appKeyDeps.device, seen: createChoiceMemory(requireDb().dexie), sealed: sealedCopiesIn(requireDb().dexie) };
    await step(async () => sealEmergency(deps, trustee, choice, source, { basedOn: await over() }), choice, { title: t('emergency.toast.saved'), description: savedToast(trustee.name) }, t('emergency.toast.saveFailed'), keep);
  };
  /** "Discard the kept choice", or "Cancel the removal" of a Remove kept here: each told in its own words. */
  const discard = async () => {
    await pendingChoicesIn(requireDb().dexie).set(trustee.id, null);
    if (pending?.remove) toast({ title: t('emergency.toast.removalCancelled'), description: t('emergency.removalCancelledToast', { name: trustee.name }) });
    else toast({ title: t('emergency.toast.discarded'), description: t('emergency.discardedToast', { name: trustee.name }) });
    onOpenChange(false);
  };
  // Remove, like Save, only over the choice it was made from (the server refuses it when another device saved another meanwhile); with no connection it waits on the device.
  const remove = async () => {
    if (!account) return;
    if (navigator.onLine === false) return keepRemoval();
    // This device keeps the removed choice's version, so its next save is above it even offline.
    const run = async () => {
      const based = await over();
      await removeEmergency({ api, account }, trustee.id, based);
      await createChoiceMemory(requireDb().dexie).note(trustee.id, Math.max(based, saved?.version ?? 0));
    };
    await step(run, null, { title: t('emergency.toast.removed'), description: removedToast(trustee.name) }, t('emergency.toast.removeFailed'), keepRemoval);
  };

  const places = Math.max(1, Math.min(trusteeCount, ORDER_PLACES));
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('emergency.dialog.title', { name: trustee.name })} description={t('emergency.dialog.description')}>
      {kit === 'failed' && <p className="mb-3 text-sm text-slate-700">{t('emergency.kitsUnreachable')}</p>}
      {pending && (
        <div className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900" role="status">
          <p className="font-medium">{pending.problem ?? (pending.remove ? waitingRemovalText(trustee.name) : waitingChoiceText(trustee.name, Boolean(saved)))}</p>
          {pending.problem && <p className="mt-1">{saved ? t('emergency.dialog.onServer', { sentence: choiceSentence(trustee.name, saved.items.length, saved.waitHours) }) : t('emergency.dialog.onServerNone', { name: trustee.name })} {!pending.remove && t('emergency.dialog.keptBelow')}</p>}
        </div>
      )}
      {kit === 'no' ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-slate-900" role="status">
          {noKitText(trustee.name)}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <ReachNote name={trustee.name} reach={reach} onChanged={() => setReachTick((n) => n + 1)} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold text-slate-900">{t('emergency.dialog.legend', { name: trustee.name })}</legend>
            {items.length === 0 && <p className="text-sm text-slate-700">{t('emergency.dialog.noItems')}</p>}
            {items.map(({ ref, copy }) => {
              const key = keyOf(ref as Item);
              return (
                <label key={key} className="flex items-start gap-3 text-sm text-slate-800">
                  <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-slate-800" checked={chosen.has(key)} onChange={(e) => toggle(key, e.target.checked)} />
                  <span className="min-w-0 break-words">{copyTitle(copy)}</span>
                </label>
              );
            })}
            <p className="text-sm text-slate-600">{t('emergency.noLetters')}</p>
          </fieldset>
          <FormField label={t('emergency.dialog.waitLabel')} hint={t('emergency.dialog.waitHint')}>
            <Select value={String(waitHours)} onValueChange={(v) => setWaitHours(Number(v))} options={WAIT_CHOICES.map((h) => ({ value: String(h), label: waitWords(h) }))} />
          </FormField>
          <FormField label={t('emergency.dialog.orderLabel')} hint={t('emergency.dialog.orderHint')}>
            <Select value={String(Math.min(position, places - 1))} onValueChange={(v) => setPosition(Number(v))} options={Array.from({ length: places }, (_, i) => ({ value: String(i), label: orderChoice(trustee.name, i) }))} />
          </FormField>
          <p className="rounded-lg bg-stone-50 p-3 text-sm font-medium text-slate-900" aria-live="polite">
            {choiceSentence(trustee.name, choice.items.length, waitHours)} {choice.items.length > 0 && orderSentence(trustee.name, position)}
          </p>
        </div>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {pending && (
          <Button variant="outline" onClick={discard} disabled={busy}>
            {pending.remove ? t('emergency.dialog.cancelRemoval') : t('emergency.dialog.discard')}
          </Button>
        )}
        {saved && !(pending?.remove && !pending.problem) && (
          <Button variant="destructive" onClick={remove} disabled={busy}>
            {t('emergency.dialog.remove')}
          </Button>
        )}
        {kit !== 'no' && (
          <Button variant="accent" onClick={save} disabled={busy || kit === 'loading'}>
            {busy ? t('emergency.dialog.saving') : t('emergency.dialog.save')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
