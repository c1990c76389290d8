import { createTestApp } from '../test/test-support';
import { tokenBudgetContract } from './token-budget.contract';

tokenBudgetContract('SQLite', async (env) => createTestApp(env));
