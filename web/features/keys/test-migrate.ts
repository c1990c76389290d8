/**
 * Test support for the migration tests (imported only by *.test.ts): an account made before keys
 * on the REAL server, with plaintext in every sealed field of every collection (fields.ts), list
 * items, a tombstoned record, a kept version (rule 20) and text history (rule 21), each value a
 * unique canary; an `Api` over the app (as apiFetch); and the check that every field opens to its
 * original value.
 */
import { ApiError } from '../../api/client';
import { expect } from 'vitest';
import { openState } from '../../../shared/crypto/sealed-record';
import { PROTOCOL_VERSION, type ServerRecord } from '../../../shared/sync/protocol';
import { serverRecords, appTransport } from '../../../sync-server/test/client-test-support';
import type { TestApp } from '../../../sync-server/test/test-support';
import type { AccountSealing } from '../../sync/test-sealed';
import type { Api } from './sign-in';

/** Calls the app at `call` (an in-process app or a child server) as apiFetch does: JSON, throws `{ status, bodyText }`. */
export function apiOver(call: TestApp['call'], cookie: string): Api {
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const res = await call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie);
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, res.statusText); // as the app's apiFetch throws
    return (text ? JSON.parse(text) : null) as T;
  };
}

/** A canary: a unique word that must never be found in the server's files once sealed. */
export const canary = (what: string) => `Canary${what}Zq${Math.random().toString(36).slice(2, 8)}`;

/**
 * Writes plaintext into every sealed field of every collection of `userId` through the REST API and
 * one sync push (for a kept version). Returns the canaries written (every one must be gone from the
 * server's files after sealing, and every field must open to what it was).
 */
export async function fillPlaintext(call: TestApp['call'], cookie: string, userId: string): Promise<string[]> {
  const api = apiOver(call, cookie);
  const c: string[] = [];
  const w = (what: string) => {
    const s = canary(what);
    c.push(s);
    return s;
  };
  await api('/api/user/profile', {
    method: 'PATCH',
    body: { lastName: w('Last'), birthdate: '1950-02-03', values: ['family', 'nature'], beliefs: w('Beliefs'), contactEmail: 'contact@example.org', emergencyContact: { name: w('Emerg'), phone: '+44 20 7946 0000' }, healthInfo: w('Health') },
  });
  await api('/api/death-plan', {
    body: { funeralType: 'memorial_service', location: w('Location'), burialPreference: 'cremation', musicSelections: [w('Music1'), w('Music2')], readings: [w('Reading')], specialRequests: w('Requests'), obituary: w('Obituary'), completed: false },
  });
  const m = await api<{ id: string }>('/api/messages', { body: { recipientName: w('Recipient'), recipientEmail: 'ann@example.org', messageType: 'text', messageContent: w('Letter1') } });
  await api(`/api/messages/${m.id}`, { method: 'PATCH', body: { messageContent: w('Letter2') } }); // Letter1 goes to the text history
  // An older write from another device loses to Letter2 and is kept as `messageContent~conflict/<hlc>` (rule 20).
  const kept = w('Kept');
  const push = await api<{ accepted: string[] }>('/api/sync', { body: { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'messages', id: m.id, hlc: '000000000000001-0000-olddevice', fields: { messageContent: kept } }] } });
  expect(push.accepted).toHaveLength(1);
  const d = await api<{ id: string }>('/api/documents', { body: { documentType: 'will', documentName: w('DocName'), documentUrl: `https://example.org/${w('Url')}` } });
  const gone = await api<{ id: string }>('/api/documents', { body: { documentType: 'insurance', documentName: w('Deleted'), documentUrl: 'https://example.org/x' } });
  await api(`/api/documents/${gone.id}`, { method: 'DELETE' });
  void d;
  await api('/api/trustees', { body: { name: w('Trustee'), email: 'tee@example.org', phone: '+15550100', relationship: w('Rel'), accessLevel: 'full' } });
  await api('/api/survivor-tasks', {
    body: { title: w('Title'), description: w('Description long enough'), category: 'legal', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 2, resources: [w('Res1'), w('Res2')], automationSteps: [w('Step')], notifyTrustees: true, completionStatus: 'in-progress' },
  });
  const records = await serverRecords(appTransport({ call } as TestApp, cookie));
  expect(records.some((r) => Object.keys(r.values).some((f) => f.includes('~conflict/')))).toBe(true);
  expect(records.some((r) => r.values._deleted === true)).toBe(true);
  return c;
}

/**
 * Expects every field of every record of `after` (as pulled, sealed) to open with the account's
 * keyring to exactly its value in `before` (as pulled, plaintext) or, for `changed`, to the value
 * given, with the same clocks; and no sealed field left plain.
 */
export async function expectSameWords(sealing: AccountSealing, userId: string, before: readonly ServerRecord[], after: readonly ServerRecord[], changed: Record<string, unknown> = {}) {
  const ring = await sealing.accountRing();
  const now = new Map(after.map((r) => [`${r.collection}/${r.id}`, r]));
  expect(after.length).toBe(before.length);
  let fields = 0;
  for (const b of before) {
    const a = now.get(`${b.collection}/${b.id}`)!;
    const { values, errors } = await openState(ring.lookup, userId, a.collection, a.id, a);
    expect(Object.keys(errors), `${b.collection}/${b.id}`).toEqual([]);
    for (const [field, value] of Object.entries(b.values)) {
      const key = `${b.collection}/${b.id}/${field}`;
      expect(values[field], key).toEqual(key in changed ? changed[key] : value);
      if (!(key in changed)) expect(a.clocks[field], key).toBe(b.clocks[field]);
      fields++;
    }
  }
  return fields;
}
