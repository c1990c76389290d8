/**
 * The message ids (issue 44, docs/i18n.md): the keys of the English catalogs, so an id that is in
 * none of them fails the typecheck. A namespace is one file per language
 * (web/i18n/catalogs/<lang>/<namespace>.json), loaded with the code that uses it: 'shell' with the
 * app itself, 'signed-in' with the signed-in frame (web/ui/signed-in-messages.ts), each other with
 * its feature's screens. Types only: nothing here reaches the bundle.
 * Adding a namespace: a line in NamespaceFiles below (docs/i18n.md "Moving a feature").
 */
import type auth from './catalogs/en/auth.json';
import type fieldRules from './catalogs/en/field-rules.json';
import type copyView from './catalogs/en/copy-view.json';
import type contact from './catalogs/en/contact.json';
import type help from './catalogs/en/help.json';
import type privacy from './catalogs/en/privacy.json';
import type privacyNote from './catalogs/en/privacy-note.json';
import type terms from './catalogs/en/terms.json';
import type dashboard from './catalogs/en/dashboard.json';
import type documents from './catalogs/en/documents.json';
import type landing from './catalogs/en/landing.json';
import type emergency from './catalogs/en/emergency.json';
import type keys from './catalogs/en/keys.json';
import type messageVault from './catalogs/en/message-vault.json';
import type notFound from './catalogs/en/not-found.json';
import type notifications from './catalogs/en/notifications.json';
import type passwordReset from './catalogs/en/password-reset.json';
import type plan from './catalogs/en/plan.json';
import type profile from './catalogs/en/profile.json';
import type profileWizard from './catalogs/en/profile-wizard.json';
import type recordForms from './catalogs/en/record-forms.json';
import type settings from './catalogs/en/settings.json';
import type sharing from './catalogs/en/sharing.json';
import type sharedView from './catalogs/en/shared-view.json';
import type shell from './catalogs/en/shell.json';
import type signedIn from './catalogs/en/signed-in.json';
import type tasks from './catalogs/en/tasks.json';
import type trustees from './catalogs/en/trustees.json';
import type rehearsal from './catalogs/en/rehearsal.json';
import type release from './catalogs/en/release.json';
import type exportWords from './catalogs/en/export.json';
import type binder from './catalogs/en/binder.json';
import type kitPdf from './catalogs/en/kit-pdf.json';
import type serverWords from './catalogs/en/server-words.json';
import type trusteeKits from './catalogs/en/trustee-kits.json';

/** Each namespace's English catalog. */
interface NamespaceFiles {
  shell: typeof shell;
  'signed-in': typeof signedIn;
  auth: typeof auth;
  'password-reset': typeof passwordReset;
  documents: typeof documents;
  trustees: typeof trustees;
  'message-vault': typeof messageVault;
  plan: typeof plan;
  tasks: typeof tasks;
  profile: typeof profile;
  'not-found': typeof notFound;
  contact: typeof contact;
  help: typeof help;
  privacy: typeof privacy;
  'privacy-note': typeof privacyNote;
  terms: typeof terms;
  landing: typeof landing;
  notifications: typeof notifications;
  sharing: typeof sharing;
  emergency: typeof emergency;
  dashboard: typeof dashboard;
  'profile-wizard': typeof profileWizard;
  'record-forms': typeof recordForms;
  settings: typeof settings;
  'shared-view': typeof sharedView;
  'copy-view': typeof copyView;
  keys: typeof keys;
  rehearsal: typeof rehearsal;
  release: typeof release;
  export: typeof exportWords;
  binder: typeof binder;
  'kit-pdf': typeof kitPdf;
  'server-words': typeof serverWords;
  'field-rules': typeof fieldRules;
  'trustee-kits': typeof trusteeKits;
}

/** A catalog namespace: 'shell' (the frame of every page) or a feature's. */
export type Namespace = keyof NamespaceFiles;

/** An id of an English catalog, e.g. 'nav.dashboard'. */
export type MessageId = { [N in Namespace]: keyof NamespaceFiles[N] }[Namespace];
