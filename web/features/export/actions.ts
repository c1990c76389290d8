/**
 * What the "Family binder", "Export my data" and "Import data" buttons do (issue #18), on the
 * signed-in person's local database: everything offline, pdf-lib, the binder's fonts and fflate
 * loaded only when asked.
 */
import { safeFileName } from '../../../shared/export/paths';
import { personNameOf } from '../../../shared/export/format';
import { requireDb } from '../../db/current';
import { BINDER_NOT_ON_DEVICE } from './binder-cache';
import { collectRecords, exportData } from './export-data';
import type { ImportResult } from './import-data';
import type { Keyring } from '../../../shared/crypto/keys';
import { saveFile, type SaveOutcome } from './save-file';
import { apiFetch } from '../../api/client';
import type { Api } from '../keys';
import { loadDeliveryState } from '../message-vault';
import { binderDeliveryOf } from './binder-delivery';
import { currentLanguage } from '../../i18n/i18n';

const today = (db: ReturnType<typeof requireDb>) => new Date(db.correctedNow());

/**
 * pdf-lib (the binder chunk), the fonts and the words of `lang` (binder-words.ts), fetched only
 * now: from the binder's runtime cache when offline (binder-cache.ts). A failed fetch or module
 * load (a TypeError) becomes BINDER_NOT_ON_DEVICE, not the browser's "Failed to fetch dynamically
 * imported module".
 */
async function loadBinder(lang: string) {
  try {
    return await Promise.all([
      import('../../../shared/binder'),
      import('./binder-fonts').then((m) => m.loadBinderFonts()),
      import('./binder-words').then((m) => m.loadBinderMessages(lang)),
    ]);
  } catch (err) {
    if (err instanceof TypeError) throw new Error(BINDER_NOT_ON_DEVICE, { cause: err });
    throw err;
  }
}

/**
 * Makes the family binder PDF from this device's data and shares or downloads it, in the app's
 * current language (issue 44: the owner's copy in the owner's words); online, it asks the server
 * how each message goes (a letter a trustee hands over names them: binder-delivery.ts).
 */
export async function makeFamilyBinder(): Promise<SaveOutcome> {
  const db = requireDb();
  const lang = currentLanguage();
  const [records, [{ buildBinder, binderInputOf }, fonts, words], choices] = await Promise.all([
    collectRecords(db),
    loadBinder(lang),
    loadDeliveryState(apiFetch as Api).catch(() => null), // offline: the binder names no sender (binder-delivery.ts)
  ]);
  const madeAt = today(db);
  const { messages, delivery } = binderDeliveryOf(records.messages, records.trustees, choices);
  const pdf = await buildBinder({ ...binderInputOf({ ...records, messages }, madeAt), delivery, lang }, fonts, words);
  const name = personNameOf(records);
  const fileName = safeFileName(`Family binder${name ? ` - ${name}` : ''} - ${madeAt.toISOString().slice(0, 10)}.pdf`);
  return saveFile(new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName);
}

/**
 * Makes the export ZIP of this device's data and shares or downloads it. Files come from this
 * device, or are downloaded and decrypted when online; `missing` counts those that could be had
 * neither way (offline, or not uploaded from the device that has them): README.txt lists them.
 */
export async function exportMyData(): Promise<{ outcome: SaveOutcome; missing: number }> {
  const db = requireDb();
  const { openFile, FileUnavailableError } = await import('../../files');
  const madeAt = today(db);
  let missing = 0;
  const zip = await exportData(db, {
    now: madeAt,
    openFile: async ({ ref }) => {
      try {
        return await openFile(ref);
      } catch (err) {
        if (!(err instanceof FileUnavailableError)) throw err; // a damaged file stops the export, never a silent hole
        missing++;
        return null;
      }
    },
  });
  return { outcome: await saveFile(zip, `afterword-export-${madeAt.toISOString().slice(0, 10)}.zip`), missing };
}

/** Throws ExportReadError when `file` is not a ZIP at all (see checkZipSignature); reads 4 bytes. */
export async function checkImportFile(file: Blob): Promise<void> {
  const { checkZipSignature, ZIP_SIGNATURE_BYTES } = await import('./import-data');
  checkZipSignature(new Uint8Array(await file.slice(0, ZIP_SIGNATURE_BYTES).arrayBuffer()));
}

/**
 * Imports an export ZIP into this account (see import-data.ts for what is refused and how).
 * `keyring` opens the server's export of a sealed account: the key session's
 * (web/features/keys/key-session.ts `useKeySession.getState().keyring`), null when it holds none.
 */
export async function importMyData(file: Blob, keyring: Keyring | null = null): Promise<ImportResult> {
  const db = requireDb();
  const [{ importData }, { addFile }, { workerReader }] = await Promise.all([import('./import-data'), import('../../files'), import('./import-reader')]); // fflate and the checks only when asked
  // The ZIP is checked and inflated in a worker, so a large or hostile one never freezes the page (issue 40).
  return importData(db, new Uint8Array(await file.arrayBuffer()), addFile, keyring, typeof Worker === 'function' ? workerReader() : undefined);
}
