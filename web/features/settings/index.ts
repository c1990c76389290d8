/**
 * What the settings feature offers other features (issue 42: a feature reaches another only through
 * its index.ts): what a screen that needs the server says and does without a connection
 * (connection.tsx). Re-exports only: the Settings screen itself is SettingsPage.tsx, which only the
 * router (web/app/router.tsx) loads, lazily.
 */
export { actionErrorText, NeedsConnection, useReloadOnline } from './connection';
