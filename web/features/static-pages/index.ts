/**
 * What the static pages offer other features (issue 42: a feature reaches another only through its
 * index.ts). Re-exports only; the pages themselves are loaded lazily by the router (web/app/screens.ts).
 */
export { PrivacyNote } from './PrivacyNote';
export { useServiceInfo } from './service-info';
export { WriteTo } from './WriteTo';
