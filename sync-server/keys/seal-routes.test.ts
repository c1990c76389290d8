/** The seal routes over the real app and a real SQLite file (seal-routes.contract.ts). */
import { createTestApp } from '../test/test-support';
import { sealRoutesContract } from './seal-routes.contract';

sealRoutesContract('SQLite', async () => createTestApp());
