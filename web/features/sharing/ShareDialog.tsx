/**
 * "Share now" for one item, of any kind (a document, a plan section, a task list, a trustee's
 * details; docs/sharing.md; issue 43): who can read it now, with a one-tap
 * stop for each, and sharing it with one more person. The link is made on this device and handed
 * over from it (copy, the phone's share sheet, or the owner's own mail app); the server never sees it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Copy, Mail, Share2 } from 'lucide-react';
import { apiFetch, ApiError, serverMessage } from '../../api/client';
import { useSession } from '../../app/session';
import { useRefusedIds } from '../../db/hooks';
import { Button, buttonClasses } from '../../ui/Button';
import { confirm } from '../../ui/confirm';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { useKeySession, type Api } from '../keys';
import { deviceLiveShares, NoLiveSetError } from './live-shares';
import { documentCopy, projectItem, type ShareItemRef, type ShareSource } from './projections';
import { ShareFileChoice } from './ShareFileChoice';
import { listShares, openShareRows, type ShareRow } from './share-client';
import { ItemGoneError } from './item-on-server';
import { dropPendingShare, pendingSharesIn, retryStop, shareOrQueue, stopLiveShare, unreachable, type PendingShare } from './pending-shares';
import { knownSharesIn } from './known-shares';
import { sealedCopiesIn } from './sealed-copies';
import { requireDb, useCurrentDb } from '../../db/current';
import { useShareSource } from './use-share-source';
import { afterDeathReach, letterReach } from './timeline';
import { afterDeathText, stopsOnlineTitle, stopsOnlineText, stopRefusedText, whoOf, STOP_LATER_TEXT, STOP_OFFLINE_TEXT, pendingText, waitingText, checkedTrusteeAddress, handsOverText, recipientText, canReadNowText, neverText, handOverMailto, handOverText, unCheckedAddressText, keyRefusedText, notLiveText, keysLockedText, itemGoneText, notSyncedText, openedText, stopWarningText, stoppedText } from './share-words';
import { useT } from '../../i18n/i18n';
import { useSharingMessages } from './messages';

const api = apiFetch as Api;

type Row = ShareRow;
/** A link just made: for whom, the checked address of a trustee picked from the list ('' when it could not be checked), and whether it waits to reach the server. */
type Made = { name: string; link: string; to?: string; pending?: boolean };

/** The dialog for `item`, called `title` on screen (a document's name, "My plan: Music", a trustee's name). */
export function ShareDialog({ item, title, open, onOpenChange }: { item: ShareItemRef; title: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  useSharingMessages();
  const { t } = useT();
  const source = useShareSource();
  const { kind, id } = item;
  const account = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [name, setName] = useState('');
  /** The checked address of the trustee picked from the list ('' when it could not be checked), while the name field still holds their name. */
  const [pickedEmail, setPickedEmail] = useState<string | null>(null);
  const refusedCopies = useRefusedIds('trustees', 'sealedEmail'); // sealed copies the server left out or served older
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  /** Shares of this item made here while offline, not on the server yet (pending-shares.ts). */
  const [waiting, setWaiting] = useState<PendingShare[]>([]);
  /** Live shares stopped while the server could not be reached: their stops wait on this device (pending-shares.ts stopLiveShare). */
  const [stopping, setStopping] = useState<PendingShare[]>([]);
  /** The server could not be reached: the live shares this device last read are listed (known-shares.ts), with its own waiting ones. */
  const [offline, setOffline] = useState(false);
  /** A document with a file: whether its file goes with its shares (its sealed `fileShared`; review M1). Checked for a new share. */
  const fileDoc = kind === 'document' ? source?.documents.find((d) => d.id === id && d.file) : undefined;
  // Until the owner ticks or unticks it in this opening: what the document's live shares carry now
  // (its sealed choice), so a share to one more person never quietly widens the earlier ones; checked
  // for a document shared with nobody yet.
  const [fileChoice, setWithFile] = useState<boolean | null>(null);
  const withFile = fileChoice ?? (fileDoc?.shares?.length ? fileDoc.fileShared === true : true);

  const load = useCallback(async () => {
    if (!account || !keyring) return;
    // Shares made here while offline, and stops waiting, first: this device knows them with or without a connection.
    const queued = await pendingSharesIn(requireDb().dexie).list({ kind, id });
    setWaiting(queued.filter((p) => !p.stopping));
    setStopping(queued.filter((p) => p.stopping));
    const deps = { api, account, keyring, live: deviceLiveShares(account) };
    const known = knownSharesIn(requireDb().dexie);
    try {
      const shares = await listShares(deps, { kind, id });
      await known.keep({ kind, id }, shares);
      setRows(await openShareRows(deps, shares, window.location.origin));
      setOffline(false);
    } catch (err) {
      if (!unreachable(err)) throw err;
      // Offline: the live shares as this device last read them, each opened on the device (its live set says which are live).
      setRows(await openShareRows(deps, await known.read({ kind, id }), window.location.origin));
      setOffline(true);
    }
  }, [account, keyring, kind, id]);

  // The queue changing while open (a stop or share sent once the device is back online): listed again.
  const db = useCurrentDb((s) => s.db);
  const queueState = useLiveQuery(async () => (db ? (await db.dexie.pendingShares.toArray()).filter((r) => r.kind === kind && r.id === id).map((r) => `${r.shareId}:${r.stopping ? 1 : 0}:${r.problem ?? ''}`).join(',') : ''), [db, kind, id]);
  const seenQueue = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!open || queueState === undefined) return;
    if (seenQueue.current !== undefined && seenQueue.current !== queueState) void load().catch(() => undefined);
    seenQueue.current = queueState;
  }, [open, queueState, load]);

  useEffect(() => {
    if (!open) return;
    setMade(null);
    setWithFile(null);
    load().catch((err) => toast({ title: t('sharing.toast.loadFailed'), description: serverMessage(err, t('sharing.checkConnection')), variant: 'destructive' }));
  }, [open, load]);

  const dropWaiting = async (p: PendingShare) => {
    if (!account) return;
    try {
      const outcome = await dropPendingShare({ api, account, live: deviceLiveShares(account) }, pendingSharesIn(requireDb().dexie), p.shareId, p.ref);
      if (outcome === 'stopped') toast({ title: t('sharing.toast.stopped'), description: t('sharing.toast.stoppedWaiting') });
      else if (outcome === 'later') toast({ title: t('sharing.toast.notStoppedYet'), description: STOP_LATER_TEXT(p.name), variant: 'destructive' });
      else toast({ title: t('sharing.toast.couldNotStopYet'), description: STOP_OFFLINE_TEXT(p.name), variant: 'destructive' });
    } catch (err) {
      toast({ title: t('sharing.toast.couldNotStop'), description: serverMessage(err, t('sharing.checkConnection')), variant: 'destructive' });
    }
    await load().catch(() => undefined);
  };

  const share = async () => {
    const who = name.trim();
    if (!who) return setError(t('sharing.error.noName'));
    if (!account || !keyring) return toast({ title: t('sharing.toast.keysLocked'), description: keysLockedText(), variant: 'destructive' });
    setBusy(true);
    // The owner's choice is the document's (sealed), so its other shares follow it at their next
    // refresh. With no other share of it yet, it is written BEFORE this one is sealed: the follower,
    // which compares with what this device last sealed, then projects the copy sealed here (written
    // after, it could see the record without the choice once the share was live and seal the copy
    // again without its file: a fresh-clone run's viewer found no file). With other shares, it is
    // written once this one is made, as before: written first, a share that then failed could still
    // have handed the file's key to their viewers.
    const choiceChanged = fileDoc != null && (fileDoc.fileShared === true) !== withFile;
    const writeChoice = () => requireDb().write('documents', id, { fileShared: withFile });
    const choiceFirst = choiceChanged && !fileDoc?.shares?.length;
    try {
      if (choiceFirst) await writeChoice();
      const copy = fileDoc ? documentCopy({ ...fileDoc, fileShared: withFile }) : source && projectItem(item, source);
      if (!copy) throw new ApiError(404, '', 'Not on this device yet');
      const { link, pending } = await shareOrQueue({ api, account, keyring, live: deviceLiveShares(account), sealed: sealedCopiesIn(requireDb().dexie) }, item, copy, who, window.location.origin, pendingSharesIn(requireDb().dexie));
      if (choiceChanged && !choiceFirst) await writeChoice();
      setMade({ name: who, link, to: pickedEmail ?? undefined, pending });
      setName('');
      setPickedEmail(null);
      setError(undefined);
      await load();
    } catch (err) {
      const notSynced = err instanceof ApiError && err.status === 404;
      const description = err instanceof ItemGoneError ? itemGoneText(title) : notSynced ? notSyncedText() : err instanceof NoLiveSetError ? t('sharing.noLiveSet') : serverMessage(err, t('sharing.checkConnection'));
      toast({ title: t('sharing.toast.couldNotShare'), description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const stop = async (row: Row) => {
    const who = whoOf(row.name);
    const ok = await confirm({ title: row.name ? t('sharing.stopAsk.title', { name: row.name }) : t('sharing.stopAsk.titleUnnamed'), description: stopWarningText(who), confirmLabel: t('sharing.stop'), destructive: true });
    if (!ok) return;
    try {
      if (!account) return;
      // Out of the live set at once; when the server cannot be reached, the stop waits on this device and is sent once online.
      const outcome = await stopLiveShare({ api, account, live: deviceLiveShares(account) }, pendingSharesIn(requireDb().dexie), item, row.share, who);
      if (outcome === 'stopped') toast({ title: t('sharing.toast.stopped'), description: t('sharing.toast.stoppedNow') });
      else toast({ title: stopsOnlineTitle(), description: stopsOnlineText(who) });
    } catch (err) {
      toast({ title: t('sharing.toast.couldNotStop'), description: serverMessage(err, t('sharing.checkConnection')), variant: 'destructive' });
    }
    await load().catch(() => undefined);
  };

  /** A waiting stop the server refused for good, sent once more (pending-shares.ts retryStop). */
  const tryStopAgain = async (p: PendingShare) => {
    if (!account) return;
    const who = whoOf(p.name);
    let r: Awaited<ReturnType<typeof retryStop>>;
    try {
      r = await retryStop({ api, account }, pendingSharesIn(requireDb().dexie), p.shareId);
    } catch (err) {
      // Not the server's answer (retryStop keeps those): this device could not try, said as it is.
      console.error('Trying the stop again failed:', err);
      toast({ title: t('sharing.toast.stopRefused'), description: err instanceof Error ? err.message : String(err), variant: 'destructive' });
      return;
    }
    if (r.outcome === 'stopped') toast({ title: t('sharing.toast.stopped'), description: t('sharing.toast.stoppedNow') });
    else if ('why' in r) toast({ title: t('sharing.toast.stopRefused'), description: stopRefusedText(who, r.why), variant: 'destructive' });
    else toast({ title: stopsOnlineTitle(), description: stopsOnlineText(who) });
    await load().catch(() => undefined);
  };

  // A share whose stop waits on this device is listed once, as stopping.
  const shown = (rows ?? []).filter((r) => !stopping.some((p) => p.shareId === r.share.id));

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('sharing.toast.linkCopied') });
    } catch {
      toast({ title: t('sharing.toast.copyFailed'), description: t('sharing.toast.copyByHand'), variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('sharing.dialog.title', { title })} description={t('sharing.dialog.description')}>
      <section aria-labelledby="share-now-list" className="flex flex-col gap-3">
        <h3 id="share-now-list" className="font-semibold text-slate-900">
          {t('sharing.dialog.whoNow')}
        </h3>
        {waiting.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={t('sharing.dialog.waitingList')}>
            {waiting.map((p) => (
              <li key={p.shareId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
                <p className="font-medium text-slate-900">{waitingText(p.name)}</p>
                <div className="mt-2">
                  <Button variant="destructive" size="sm" onClick={() => void dropWaiting(p)}>
                    {t('sharing.stopWith', { name: p.name })}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {stopping.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={stopsOnlineTitle()}>
            {stopping.map((p) => (
              <li key={p.shareId} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
                <p className="font-medium text-slate-900">{p.problem ? stopRefusedText(whoOf(p.name), p.problem) : stopsOnlineText(whoOf(p.name))}</p>
                {p.problem && (
                  <div className="mt-2">
                    <Button variant="destructive" size="sm" aria-label={t('sharing.stopRetryLabel', { name: whoOf(p.name) })} onClick={() => void tryStopAgain(p)}>
                      {t('sharing.stopRetry')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {offline && <p className="text-sm text-slate-700">{t('sharing.offlineList')}</p>}
        {!keyring ? (
          <p className="text-sm text-slate-700">{keysLockedText()}</p>
        ) : rows === null ? (
          <p className="text-sm text-slate-600">{t('sharing.loading')}</p>
        ) : offline && shown.length === 0 ? null : shown.length === 0 && waiting.length === 0 && stopping.length === 0 ? (
          <p className="text-sm text-slate-700">{t('sharing.dialog.nobody')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shown.map((row) => (
              <li key={row.share.id} className="rounded-lg border border-stone-200 p-3 text-sm">
                {row.share.phase === 'stopped' ? (
                  <p className="text-slate-700">{stoppedText(row.share.stoppedAt ?? row.share.updatedAt)}</p>
                ) : (
                  <>
                    <p className="font-medium text-slate-900">{row.notLive ? notLiveText() : row.name ? canReadNowText(row.name) : keyRefusedText()}</p>
                    <p className="text-slate-600">{openedText(row.share.openedAt)}</p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {row.link && (
                        <Button variant="outline" size="sm" onClick={() => copy(row.link!)}>
                          <Copy aria-hidden="true" />
                          {t('sharing.copyLink')}
                        </Button>
                      )}
                      <Button variant="destructive" size="sm" onClick={() => stop(row)}>
                        {row.name ? t('sharing.stopWith', { name: row.name }) : t('sharing.stop')}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AfterDeath kind={kind} trustees={source?.trustees ?? null} letter={kind === 'letter' ? source?.messages.find((m) => m.id === id) : undefined} />
      {made && <HandOver made={made} title={title} onCopy={copy} />}
      <section aria-labelledby="share-now-add" className="mt-5 flex flex-col gap-3 border-t border-stone-200 pt-4">
        <h3 id="share-now-add" className="font-semibold text-slate-900">
          {t('sharing.dialog.add')}
        </h3>
        <FormField label={t('sharing.dialog.nameLabel')} error={error} hint={t('sharing.dialog.nameHint')}>
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setPickedEmail(null);
            }}
            maxLength={100}
            autoComplete="off"
          />
        </FormField>
        {fileDoc?.file && <ShareFileChoice fileName={fileDoc.file.name} who={name.trim()} checked={withFile} onChange={setWithFile} />}
        <PickTrustee
          trustees={source?.trustees ?? []}
          onPick={(t) => {
            setName(t.name.slice(0, 100));
            // Only the address the owner sealed, checked against the server's (share-words.ts checkedTrusteeAddress).
            setPickedEmail(checkedTrusteeAddress(t, refusedCopies.has(t.id)) ?? '');
            setError(undefined);
          }}
        />
        <Button variant="accent" onClick={share} disabled={busy}>
          <Share2 aria-hidden="true" />
          {busy ? t('sharing.sharing') : t('sharing.shareNow')}
        </Button>
      </section>
    </Dialog>
  );
}

/** The new link and the ways to hand it over from this device. */
function HandOver({ made, title, onCopy }: { made: Made; title: string; onCopy: (link: string) => void }) {
  const mailto = handOverMailto(title, made.link, made.to);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const { t } = useT();
  return (
    <section aria-label={t('sharing.handOver.label')} className="mt-4 flex flex-col gap-2 rounded-lg bg-stone-50 p-3 text-sm">
      <p className="font-medium text-slate-900">{t('sharing.handOver.ready', { name: made.name })}</p>
      <p className="text-slate-700">{handOverText(made.name)}</p>
      {made.pending && <p className="text-amber-900">{pendingText(made.name)}</p>}
      {made.to === '' && <p className="text-amber-900">{unCheckedAddressText(made.name)}</p>}
      <Input readOnly value={made.link} aria-label={t('sharing.handOver.linkLabel', { name: made.name })} onFocus={(e) => e.currentTarget.select()} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onCopy(made.link)}>
          <Copy aria-hidden="true" />
          {t('sharing.copyLink')}
        </Button>
        {canShare && (
          <Button variant="outline" size="sm" onClick={() => void navigator.share({ title, url: made.link }).catch(() => {})}>
            <Share2 aria-hidden="true" />
            {t('sharing.handOver.share')}
          </Button>
        )}
        <a className={buttonClasses('outline', 'sm')} href={mailto}>
          <Mail aria-hidden="true" />
          {made.to ? t('sharing.handOver.mailTo', { name: made.name, to: made.to }) : t('sharing.handOver.mail')}
        </a>
      </div>
    </section>
  );
}

/** The owner's trustees as one-tap choices for the name (issue 43: "any of their trustees, or another named person"). */
function PickTrustee({ trustees, onPick }: { trustees: ShareSource['trustees']; onPick: (t: ShareSource['trustees'][number]) => void }) {
  const { t } = useT();
  if (trustees.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-slate-700">{t('sharing.pickTrustee')}</p>
      <ul className="flex flex-wrap gap-2" aria-label={t('sharing.yourTrustees')}>
        {trustees.map((t) => (
          <li key={t.id}>
            <Button variant="outline" size="sm" onClick={() => onPick(t)}>
              {t.name}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Each trustee's reach to this item after the owner's death, by their access level: "after death" or "never". */
function AfterDeath({ kind, trustees, letter }: { kind: ShareItemRef['kind']; trustees: ShareSource['trustees'] | null; letter?: ShareSource['messages'][number] }) {
  const { t } = useT();
  if (!letter && (!trustees || trustees.length === 0)) return null;
  const lineOf = (t: ShareSource['trustees'][number]) =>
    letter ? (letterReach(letter, t.id) === 'hands-over' ? handsOverText(t.name, letter.recipientName) : neverText(t.name)) : afterDeathReach(t.accessLevel, kind) === 'after-death' ? afterDeathText(t.name) : neverText(t.name);
  return (
    <section aria-labelledby="share-after-death" className="mt-5 flex flex-col gap-2 border-t border-stone-200 pt-4">
      <h3 id="share-after-death" className="font-semibold text-slate-900">
        {t('sharing.afterYourDeath')}
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-slate-700">
        {letter && <li>{recipientText(letter.recipientName)}</li>}
        {(trustees ?? []).map((t) => (
          <li key={t.id}>{lineOf(t)}</li>
        ))}
      </ul>
    </section>
  );
}
