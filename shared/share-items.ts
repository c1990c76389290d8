/**
 * The kinds of item a person can "share now" (docs/sharing.md; issue 43), known to both the
 * owner's device and the server: a document (its id), a plan section (its name below), a survivor
 * task list (one category's tasks) and a trustee's details (the trustee's id). Letters are not
 * among them: they stay for after death. The server checks an item id against its kind with
 * `isShareItemId`; it never sees an item's words.
 */
import { TASK_CATEGORIES } from './schema/survivor-task';

export const SHARE_KINDS = ['document', 'plan-section', 'task-list', 'trustee'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

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

/** A record id (a document's or a trustee's). */
const RECORD_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `itemId` can name an item of `kind` (a section's or a category's name, or a record id). */
export function isShareItemId(kind: ShareKind, itemId: string): boolean {
  if (kind === 'plan-section') return PLAN_SECTIONS.some((s) => s.id === itemId);
  if (kind === 'task-list') return (TASK_CATEGORIES as readonly string[]).includes(itemId);
  return RECORD_ID_RE.test(itemId);
}
