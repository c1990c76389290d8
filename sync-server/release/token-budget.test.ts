import { createTestApp } from '../test-support';
import { tokenBudgetContract } from './token-budget.contract';

tokenBudgetContract('SQLite', async (env) => createTestApp(env));
