/** The seal routes over the real app on PostgreSQL (seal-routes.contract.ts; pg-seal-store.ts). */
import { sealRoutesContract } from '../../keys/seal-routes.contract';
import { usePgApps, usePgDatabase } from '../../test/pg-test-support';

const app = usePgApps(usePgDatabase());

sealRoutesContract('PostgreSQL', () => app());
