/** DELETE /api/release/escrow over the real app on PostgreSQL (release/escrow/escrow-routes.contract.ts; pg-escrow-store.ts). */
import { escrowRoutesContract } from './escrow-routes.contract';
import { usePgApps, usePgDatabase } from '../../test/pg-test-support';

const app = usePgApps(usePgDatabase());

escrowRoutesContract('PostgreSQL', () => app());
