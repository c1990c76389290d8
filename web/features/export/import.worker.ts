/**
 * The module worker that checks and inflates an export ZIP for "Import data" off the page's main
 * thread (import-reader.ts `serveImportChecks`; issue 40, low finding "import").
 */
import { serveImportChecks } from './import-reader';

serveImportChecks(self as unknown as Parameters<typeof serveImportChecks>[0]);
