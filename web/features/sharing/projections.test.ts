import { describe, expect, it } from 'vitest';
import type { DeathPlan, LegalDocument, Message, SurvivorTask, Trustee } from '../../../shared/schema';
import { copyView } from '../../../shared/share-copy-view';
import { t } from '../../i18n/i18n';
import './copy-words';
import { isSharedCopy, letterCopy, planSectionCopy, projectItem, shareableItems, taskListCopy, trusteeCopy, withoutFile, type SharedCopy, type ShareSource } from './projections';

/** copyView's words in English, the app's default. */
const english = t;

const at = '2026-11-21T12:00:00.000Z';
const plan = {
  id: 'u1',
  userId: 'u1',
  funeralType: 'memorial_service',
  location: 'The hill chapel',
  burialPreference: 'cremation',
  musicSelections: ['Clair de lune'],
  readings: [],
  specialRequests: '  ',
  obituary: 'A kind life.',
  completed: false,
  createdAt: at,
} as unknown as DeathPlan;
const task = (id: string, category: SurvivorTask['category'], timeframe: SurvivorTask['timeframe'], priority: number): SurvivorTask =>
  ({ id, userId: 'u1', title: `Task ${id}`, description: 'Call the bank about the account', category, timeframe, automationLevel: 'manual-with-guidance', priority, resources: id === 'a' ? ['bank.example.com'] : [], automationSteps: ['secret step'], notifyTrustees: false, completionStatus: 'not-started', createdAt: at }) as SurvivorTask;
const trustee = { id: 't1', userId: 'u1', name: 'Maria', email: 'maria@example.com', sealedEmail: 'maria@example.com', phone: null, relationship: 'Sister', accessLevel: 'full', createdAt: at } as Trustee;
const doc = { id: 'd1', userId: 'u1', documentType: 'will', documentName: 'Will', documentUrl: null, originalLocation: 'Desk', file: null, fileBlobId: null, createdAt: at } as LegalDocument;
const letter = { id: 'm1', userId: 'u1', recipientName: 'Clara', recipientEmail: 'clara@example.com', sealedRecipientEmail: 'clara@example.com', messageType: 'text', messageContent: 'Dear Clara, look after the garden.', deliveryDate: '2030-01-01T00:00:00.000Z', file: null, fileBlobId: null, createdAt: at } as unknown as Message;
const source: ShareSource = { documents: [doc], deathPlan: plan, survivorTasks: [task('a', 'financial', '1w', 2), task('b', 'financial', '24h', 3), task('c', 'legal', '1m', 1)], trustees: [trustee], messages: [letter] };

describe('share projections: what a viewer of each kind of item sees', () => {
  it('a plan section holds only its own fields, labelled, and leaves out empty ones', () => {
    expect(planSectionCopy(plan, 'basic')).toEqual({
      kind: 'plan-section',
      title: 'My plan: Basic Info',
      entries: [{ heading: null, fields: [{ label: 'Funeral type', value: 'Memorial Service' }, { label: 'Location', value: 'The hill chapel' }, { label: 'Burial preference', value: 'Cremation' }] }],
    });
    expect(planSectionCopy(plan, 'preferences')!.entries[0]!.fields).toEqual([]); // blank special requests are not shown as a line
    expect(planSectionCopy(plan, 'readings')!.entries[0]!.fields).toEqual([]);
    expect(JSON.stringify(planSectionCopy(plan, 'music'))).not.toContain('kind life'); // the obituary is another section
    expect(planSectionCopy(plan, 'letters')).toBeNull();
  });

  it('a task list is one category\'s tasks, soonest first, without the automation steps', () => {
    const copy = taskListCopy(source.survivorTasks, 'financial')!;
    expect(copy.title).toBe('Tasks: Financial');
    expect(copy.entries.map((e) => e.heading)).toEqual(['Task b', 'Task a']);
    expect(copy.entries[1]!.fields).toContainEqual({ label: 'Resources', value: ['bank.example.com'] });
    expect(JSON.stringify(copy)).not.toContain('secret step');
    expect(taskListCopy(source.survivorTasks, 'nonsense')).toBeNull();
  });

  it('a trustee\'s details say how to reach them, never what they are trusted with', () => {
    const copy = trusteeCopy(trustee);
    expect(copy).toEqual({ kind: 'trustee', title: 'Maria', entries: [{ heading: null, fields: [{ label: 'Relationship', value: 'Sister' }, { label: 'E-mail', value: 'maria@example.com' }] }] });
    expect(JSON.stringify(copy)).not.toContain('full');
    // The address the owner sealed, never one the server rewrote (security review of session 21, finding 2).
    expect(trusteeCopy({ ...trustee, email: 'attacker@evil.example' }).entries[0]!.fields).toContainEqual({ label: 'E-mail', value: 'maria@example.com' });
  });

  it('a letter holds to whom and its words, never its address, date or recording (only its note, and that one goes with it)', () => {
    expect(letterCopy(letter)).toEqual({ kind: 'letter', title: 'A letter to Clara', entries: [{ heading: null, fields: [{ label: 'Letter', value: 'Dear Clara, look after the garden.' }] }] });
    expect(JSON.stringify(letterCopy(letter))).not.toMatch(/clara@example\.com|2030/);
    const recording = { ...letter, messageType: 'video', messageContent: 'For your wedding day.', file: { blobId: 'b1', name: 'Video message for Clara.webm' } } as unknown as Message;
    expect(letterCopy(recording).entries[0]!.fields).toEqual([
      { label: 'Note with the recording', value: 'For your wedding day.' },
      { label: 'Recording', value: 'A recording goes with this letter. It is not shared now: it is kept for after.' },
    ]);
    expect(JSON.stringify(letterCopy(recording))).not.toContain('b1');
  });

  it('projectItem finds each kind by its id, null for one that is gone; shareableItems lists each item once', () => {
    expect(projectItem({ kind: 'document', id: 'd1' }, source)).toMatchObject({ kind: 'document', documentName: 'Will' });
    expect(projectItem({ kind: 'document', id: 'gone' }, source)).toBeNull();
    expect(projectItem({ kind: 'trustee', id: 'gone' }, source)).toBeNull();
    expect(projectItem({ kind: 'plan-section', id: 'music' }, { ...source, deathPlan: null })).toBeNull();
    expect(shareableItems(source).map((i) => `${i.ref.kind}:${i.ref.id}`)).toEqual([
      'document:d1',
      'plan-section:basic',
      'plan-section:preferences',
      'plan-section:music',
      'plan-section:readings',
      'plan-section:obituary',
      'task-list:financial',
      'task-list:legal',
      'trustee:t1',
      'letter:m1',
    ]);
    expect(projectItem({ kind: 'letter', id: 'm1' }, source)).toMatchObject({ kind: 'letter', title: 'A letter to Clara' });
    expect(projectItem({ kind: 'letter', id: 'gone' }, source)).toBeNull();
  });

  it("a document's file goes with its copy only when the owner agreed (its sealed fileShared): an existing document's copy keeps none (review M1)", () => {
    const file = { blobId: 'blob0000000000000001', name: 'Will 2025.pdf', size: 1234, mimeType: 'application/pdf', sha256: 'a'.repeat(64), key: 'K'.repeat(43), chunkSize: 4 * 1024 * 1024 };
    const notAgreed = projectItem({ kind: 'document', id: 'd1' }, { ...source, documents: [{ ...doc, file }] });
    expect(notAgreed).toMatchObject({ kind: 'document', hasFile: true, file: null });
    expect(JSON.stringify(notAgreed)).not.toMatch(/KKKK|blob000/);
    expect(copyView(notAgreed!, english).note).toBe('The file attached to this document is not shared. Ask the person who shared it if you need it.');
    expect(projectItem({ kind: 'document', id: 'd1' }, { ...source, documents: [{ ...doc, file, fileShared: false }] })).toMatchObject({ file: null });
    expect(projectItem({ kind: 'document', id: 'd1' }, { ...source, documents: [{ ...doc, file, fileShared: true }] })).toMatchObject({ file });
  });

  it("only a shared document's copy carries its file, with that file's own key; no other kind carries a file key, and an emergency bundle's copy none (docs/sharing.md)", () => {
    const file = { blobId: 'blob0000000000000001', name: 'Will 2025.pdf', size: 1234, mimeType: 'application/pdf', sha256: 'a'.repeat(64), key: 'K'.repeat(43), chunkSize: 4 * 1024 * 1024 };
    const withFile: ShareSource = {
      ...source,
      documents: [{ ...doc, file, fileShared: true }, { ...doc, id: 'd2', documentName: 'Deed', fileShared: true, file: { ...file, blobId: 'blob0000000000000002', key: 'Q'.repeat(43) } }],
      messages: [{ ...letter, messageType: 'video', file: { ...file, blobId: 'blob0000000000000003', key: 'R'.repeat(43) } } as unknown as Message],
    };
    const copy = projectItem({ kind: 'document', id: 'd1' }, withFile);
    expect(copy).toMatchObject({ kind: 'document', hasFile: true, file });
    expect(JSON.stringify(copy)).not.toContain('Q'.repeat(43)); // never another document's file
    expect(isSharedCopy(copy)).toBe(true);
    expect(copyView(copy as SharedCopy, english).note).toBeNull(); // the viewer opens it: no "not shared" note
    for (const { ref, copy: other } of shareableItems(withFile)) {
      if (ref.kind === 'document') continue;
      expect(JSON.stringify(other), `${ref.kind}:${ref.id}`).not.toMatch(/KKKK|QQQQ|RRRR|blob000/);
    }
    expect(projectItem({ kind: 'document', id: 'd1' }, source)).toMatchObject({ hasFile: false, file: null });
    const bundled = withoutFile(copy!);
    expect(JSON.stringify(bundled)).not.toContain('K'.repeat(43));
    expect(copyView(bundled, english).note).toBe('The file attached to this document is not shared. Ask the person who shared it if you need it.');
    // A copy whose file is not a file's shape is not shown.
    expect(isSharedCopy({ ...copy, file: { ...file, size: -1 } })).toBe(false);
    expect(isSharedCopy({ ...copy, file: 'blob' })).toBe(false);
  });

  it('isSharedCopy accepts every projection and refuses anything else the viewer might be served', () => {
    for (const { copy } of shareableItems(source)) expect(isSharedCopy(copy)).toBe(true);
    for (const bad of [null, 'text', { kind: 'diary', title: 'x', entries: [] }, { kind: 'letter', title: 'x', entries: [{ heading: 2, fields: [] }] }, { kind: 'trustee', title: 1, entries: [] }, { kind: 'trustee', title: 'x', entries: [{ heading: null, fields: [{ label: 'a', value: 3 }] }] }])
      expect(isSharedCopy(bad)).toBe(false);
  });
});
