/**
 * What the export feature offers other features (issue 42: a feature reaches another only through
 * its index.ts): the family binder's card, the Data card, the records an export holds, saving a
 * file on the device, and the binder's fonts on first use. Re-exports only.
 */
export { BinderCard } from './BinderButton';
export { DataCard } from './DataCard';
export { collectRecords } from './export-data';
export { importBinderFonts } from './lazy';
export { saveFile, type SaveOutcome } from './save-file';
