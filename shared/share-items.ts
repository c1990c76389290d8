/**
 * The kinds of item a person can "share now" (docs/sharing.md; issue 43), known to both the
 * owner's device and the server: a document (its id), a plan section (its name below), a survivor
 * task list (one category's tasks), a trustee's details (the trustee's id) and a letter (its
 * message's id; only by the owner's explicit choice for that one letter: letters are for after
 * death, and the app asks first). The server checks an item id against its kind with
 * `isShareItemId`; it never sees an item's words. Emergency access never opens a letter or a
 * trustee's details (EMERGENCY_KINDS).
 */
import { TASK_CATEGORIES } from './schema/survivor-task';

export const SHARE_KINDS = ['document', 'plan-section', 'task-list', 'trustee', 'letter'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/**
 * What a trustee may be given in an emergency (issue 43: documents, plan sections and task lists,
 * "and no letter"): the server refuses any other kind in a setting, and a trustee's page shows
 * nothing else from a bundle, whatever a device sealed into it.
 */
export const EMERGENCY_KINDS = ['document', 'plan-section', 'task-list'] as const satisfies readonly ShareKind[];
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];
/** True when `kind` may be opened in an emergency (EMERGENCY_KINDS). */
export const isEmergencyKind = (kind: unknown): kind is EmergencyKind => (EMERGENCY_KINDS as readonly unknown[]).includes(kind);

/** A share as the owner's routes list it (sync-server/sharing/service.ts; read by web/features/sharing): times ISO 8601, sealed fields base64url, null once stopped. */
export interface ShareJson {
  id: string;
  itemKind: ShareKind;
  itemId: string;
  phase: 'created' | 'active' | 'stopped';
  revision: number;
  ownerKid: string | null;
  ownerWrap: string | null;
  label: string | null;
  createdAt: string;
  updatedAt: string;
  openedAt: string | null;
  stoppedAt: string | null;
  /** A stopped share's key id, wrap and sealed name, kept only so the owner's devices can name the person in their timeline (null while live, and for one stopped before they were kept). */
  kept?: { ownerKid: string; ownerWrap: string; label: string } | null;
  /** Every opening kept (the owner's full list only, not one item's; a reload within a minute is one), newest first. */
  openings?: string[];
}

/**
 * The body of `POST /api/shares` as the owner's device makes it (web/features/sharing/share-client.ts
 * prepareShare; a share made offline waits with it in Dexie `pendingShares`, web/db/schema.ts):
 * the share's id, its item, the key id and wrap of the share key under the owner's `docs` key, and
 * the person's name sealed under the share key (sync-server/sharing/routes.ts checks each field).
 */
export interface ShareBody {
  shareId: string;
  itemKind: ShareKind;
  itemId: string;
  ownerKid: string;
  ownerWrap: string;
  label: string;
}

/** The death plan's sections as the plan editor shows them (its tabs), each with the plan fields it holds. */
export const PLAN_SECTIONS = [
  { id: 'basic', label: 'Basic Info', fields: ['funeralType', 'location', 'burialPreference'] },
  { id: 'preferences', label: 'Preferences', fields: ['specialRequests'] },
  { id: 'music', label: 'Music', fields: ['musicSelections'] },
  { id: 'readings', label: 'Readings', fields: ['readings'] },
  { id: 'obituary', label: 'Obituary', fields: ['obituary'] },
] as const;
export type PlanSectionId = (typeof PLAN_SECTIONS)[number]['id'];

/** A record id (a document's, a trustee's or a letter's). */
const RECORD_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `itemId` can name an item of `kind` (a section's or a category's name, or a record id). */
export function isShareItemId(kind: ShareKind, itemId: string): boolean {
  if (kind === 'plan-section') return PLAN_SECTIONS.some((s) => s.id === itemId);
  if (kind === 'task-list') return (TASK_CATEGORIES as readonly string[]).includes(itemId);
  return RECORD_ID_RE.test(itemId);
}
