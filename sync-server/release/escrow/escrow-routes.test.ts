/** DELETE /api/release/escrow over the real app and a real SQLite file (escrow-routes.contract.ts). */
import { createTestApp } from '../../test/test-support';
import { escrowRoutesContract } from './escrow-routes.contract';

escrowRoutesContract('SQLite', async () => createTestApp());
