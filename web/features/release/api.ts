/**
 * The owner's release endpoints (DESIGN.md §8; sync-server/release/owner-routes.ts), typed with the
 * shared wire shapes. These need the network: release state lives on the server only.
 */
import type {
  ReleaseActivity,
  ReleaseReadiness,
  ReleaseRehearsal,
  ReleaseSettings,
  ReleaseSettingsInput,
  ReleaseStatus,
} from '../../../shared/schema/release';
import { apiFetch } from '../../api/client';

export const getReleaseStatus = () => apiFetch<ReleaseStatus>('/api/release/status');
export const getReleaseSettings = () => apiFetch<ReleaseSettings>('/api/release/settings');
export const putReleaseSettings = (body: ReleaseSettingsInput) =>
  apiFetch<ReleaseSettings>('/api/release/settings', { method: 'PUT', body });
/** "I'm still here": cancels the running waiting period. */
export const cancelWaitingPeriod = () => apiFetch<ReleaseStatus>('/api/release/cancel', { method: 'POST', body: {} });
export const getReleaseActivity = () => apiFetch<ReleaseActivity[]>('/api/release/activity');
/** Would the plan work today? (the readiness panel of Settings). */
export const getReleaseReadiness = () => apiFetch<ReleaseReadiness>('/api/release/readiness');
/** Sends a trustee's invitation again (429 past the daily limit). */
export const resendInvitation = (trusteeId: string) =>
  apiFetch<{ ok: true }>(`/api/release/trustees/${encodeURIComponent(trusteeId)}/invite`, { method: 'POST', body: {} });
/** E-mails a single-use link that confirms the profile e-mail (429 past the daily limit). */
export const sendVerificationEmail = () => apiFetch<{ ok: true; to: string }>('/api/release/owner-email/verify', { method: 'POST', body: {} });
/** The owner has read the banner about undeliverable e-mails. */
export const dismissUndeliverable = () => apiFetch<{ ok: true }>('/api/release/undeliverable/seen', { method: 'POST', body: {} });
/** "Rehearse the release": what each recipient and trustee would receive, with placeholder links; the server writes nothing. */
export const getReleaseRehearsal = () => apiFetch<ReleaseRehearsal>('/api/release/rehearsal');
