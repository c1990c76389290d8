/**
 * Entry point: reads config, opens SQLite in DATA_DIR (migrations applied), serves the API and
 * the built web app on PORT.
 */
import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/sqlite';

const config = loadConfig();
const db = openDatabase(join(config.dataDir, 'afterword.db'));
const app = createApp({ config, db, now: Date.now }, { serveWeb: true });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Afterword listening on http://localhost:${info.port} (data in ${config.dataDir})`);
});

function shutdown() {
  server.close(() => {
    db.close();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
