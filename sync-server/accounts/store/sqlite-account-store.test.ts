import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountStoreContract } from './account-store.contract';
import { createAccountStore } from './sqlite-account-store';
import { openDatabase } from '../../db/sqlite';

accountStoreContract('SQLite (temp file)', () => createAccountStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-accounts-')), 'test.db'))));
