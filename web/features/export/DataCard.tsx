/**
 * Settings' "Your data" card (issue #18): "Family binder", "Export my data" and "Import data",
 * all working on this device's data, with no connection needed. An import that is refused says
 * why (the message of shared/export/read.ts) and writes nothing.
 */
import { Download, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { apiFetch } from '../../api/client';
import { PasswordNotConfirmed, withRecentPassword } from '../../pwa/confirm-password';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { checkImportFile, exportMyData, importMyData } from './actions';
import { useKeySession } from '../keys';
import { useFamilyBinder } from './BinderButton';
import { importLine, importToast } from './import-summary';
import { t, useT } from '../../i18n/i18n';
import { useExportMessages } from './messages';

type Busy = null | 'export' | 'import';

function Row({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <p className="text-sm text-slate-700">{children}</p>
      <div className="shrink-0">{action}</div>
    </li>
  );
}

export function DataCard() {
  useExportMessages();
  const { t: say } = useT();
  const [busy, setBusy] = useState<Busy>(null);
  /** The result of this visit's last import, kept on the card: a long import's toast may be gone before the person looks back. */
  const [lastImport, setLastImport] = useState<string | null>(null);
  // A reload or a closed tab during an import would stop it half-way without a word: the browser
  // asks first (issue "Promises kept", finding 9). What was imported so far is kept either way.
  useEffect(() => {
    if (busy !== 'import') return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);
  const binder = useFamilyBinder();
  const input = useRef<HTMLInputElement>(null);

  async function runExport() {
    setBusy('export');
    try {
      // Everything in plaintext: the password entered recently (sync-server/accounts/reauth.ts).
      // Offline the export is made from this device's own copy, which it holds anyway.
      await withRecentPassword(() => apiFetch('/api/auth/recent')).catch((err: unknown) => {
        if (!(err instanceof TypeError)) throw err; // no network
      });
      const { outcome, missing } = await exportMyData();
      if (outcome === 'cancelled') return;
      toast(
        missing === 0
          ? { title: t('export.readyTitle'), description: t('export.readyText') }
          : {
              title: t('export.readyMissingTitle'),
              description: t('export.readyMissingText', { n: missing }),
              durationMs: 10_000,
            },
      );
    } catch (err) {
      if (err instanceof PasswordNotConfirmed) return;
      toast({ title: t('export.failedTitle'), description: (err as Error).message || t('export.tryLater'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function runImport(file: File | undefined) {
    if (input.current) input.current.value = ''; // choosing the same file again fires change again
    if (!file) return;
    try {
      await checkImportFile(file); // a PDF picked by mistake is refused before the question
    } catch (err) {
      toast({ title: t('export.importFailed'), description: (err as Error).message || t('export.tryLater'), variant: 'destructive', durationMs: 10_000 });
      return;
    }
    const go = await confirm({
      title: t('export.importQuestion'),
      description: t('export.importQuestionText', { file: file.name }),
      confirmLabel: t('export.importConfirm'),
    });
    if (!go) return;
    setBusy('import');
    try {
      // A sealed account's export opens with this device's keyring (shared/export/open-stored.ts).
      const result = await importMyData(file, useKeySession.getState().keyring);
      toast(importToast(result));
      setLastImport(importLine(file.name, { result }));
    } catch (err) {
      const reason = (err as Error).message || t('export.tryLater');
      toast({ title: t('export.importFailed'), description: reason, variant: 'destructive', durationMs: 10_000 });
      setLastImport(importLine(file.name, { error: reason }));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card aria-labelledby="your-data-heading">
      <CardHeader>
        <CardTitle as="h2" id="your-data-heading">
          {say('export.title')}
        </CardTitle>
        <CardDescription>{say('export.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-200">
          <Row action={binder.button}>{say('export.binderAbout')}</Row>
          <Row
            action={
              <Button variant="outline" onClick={runExport} disabled={busy !== null}>
                <Download aria-hidden="true" />
                {busy === 'export' ? say('export.exporting') : say('export.export')}
              </Button>
            }
          >
            {say('export.exportAbout')}
          </Row>
          <Row
            action={
              <>
                <input
                  ref={input}
                  type="file"
                  accept=".zip,application/zip"
                  hidden
                  onChange={(e) => void runImport(e.target.files?.[0])}
                />
                <Button variant="outline" onClick={() => input.current?.click()} disabled={busy !== null}>
                  <Upload aria-hidden="true" />
                  {busy === 'import' ? say('export.importing') : say('export.import')}
                </Button>
              </>
            }
          >
            {say('export.importAbout')}
          </Row>
        </ul>
        <p role="status" className="text-sm text-slate-700 empty:hidden">
          {busy === 'import' ? say('export.importingLine') : lastImport}
        </p>
      </CardContent>
    </Card>
  );
}

