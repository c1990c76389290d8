/**
 * What emergency access may hold (issue 43: "exactly those items … and no letter"): the owner's
 * dialog offers, and the device seals, only documents, plan sections and task lists
 * (EMERGENCY_KINDS), never a letter or a trustee's details, whatever a choice names (security
 * review of session 21, finding 1: letters were offered once they became shareable).
 */
import { describe, expect, it } from 'vitest';
import type { DeathPlan, LegalDocument, Message, Trustee } from '../../../shared/schema';
import type { ShareSource } from '../sharing';
import { bundleItems, emergencyItems } from './emergency-access';

const at = '2026-11-29T12:00:00.000Z';
const source: ShareSource = {
  documents: [{ id: 'd1', userId: 'u1', documentType: 'will', documentName: 'Will', documentUrl: null, originalLocation: null, file: null, fileBlobId: null, createdAt: at } as unknown as LegalDocument],
  deathPlan: { id: 'u1', userId: 'u1', musicSelections: ['Song'], readings: [], createdAt: at } as unknown as DeathPlan,
  survivorTasks: [],
  trustees: [{ id: 't1', userId: 'u1', name: 'Bert', email: 'bert@example.com', phone: null, relationship: null, accessLevel: 'full', createdAt: at } as unknown as Trustee],
  messages: [{ id: 'm1', userId: 'u1', recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'text', messageContent: 'Private words', deliveryDate: null, file: null, createdAt: at } as unknown as Message],
};

describe('emergency access holds no letter', () => {
  it('the dialog offers documents, plan sections and task lists only', () => {
    const kinds = new Set(emergencyItems(source).map(({ ref }) => ref.kind));
    expect([...kinds].sort()).toEqual(['document', 'plan-section']);
  });

  it('a choice naming a letter or a trustee seals neither: their words never enter a bundle', () => {
    const items = bundleItems({ items: [{ kind: 'document', id: 'd1' }, { kind: 'letter', id: 'm1' } as never, { kind: 'trustee', id: 't1' } as never] }, source);
    expect(items.map((i) => i.kind)).toEqual(['document']);
    expect(JSON.stringify(items)).not.toContain('Private words');
  });

  it("a document's file key, which a share's copy carries, never enters a bundle (its page cannot fetch the file)", () => {
    const file = { blobId: 'blob0000000000000001', name: 'Will.pdf', size: 10, mimeType: 'application/pdf', sha256: 'a'.repeat(64), key: 'K'.repeat(43), chunkSize: 4096 };
    const items = bundleItems({ items: [{ kind: 'document', id: 'd1' }] }, { ...source, documents: [{ ...source.documents[0]!, file }] });
    expect(items[0]!.copy).toMatchObject({ kind: 'document', hasFile: true, file: null });
    expect(JSON.stringify(items)).not.toContain('K'.repeat(43));
  });
});
