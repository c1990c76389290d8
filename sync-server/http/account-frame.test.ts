import { createTestApp } from '../test/test-support';
import { accountFrameContract } from './account-frame.contract';

accountFrameContract('SQLite', async (env) => {
  const t = createTestApp(env);
  return {
    ...t,
    close: async () => {
      t.deps.db.close();
    },
  };
});
