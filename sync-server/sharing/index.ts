/**
 * sharing/: what the owner shares while alive (docs/sharing.md; issue 43). Share now: routes
 * (routes.ts, mounted by app.ts) → service → store (SQLite or PostgreSQL), the share state machine in model.ts; emergency access's
 * state machine in model/emergency.ts (its server: emergency-service.ts, emergency-routes.ts).
 */
export { createShareService, SHARED_RECORDS, type ShareService } from './service';
export { createSqliteShareStore, type AsyncShareStore } from './store/share-store';
export { createPgShareStore } from './store/pg-share-store';
