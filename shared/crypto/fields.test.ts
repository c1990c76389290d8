import { describe, expect, it } from 'vitest';
import { COLLECTIONS, COLLECTION_SPECS } from '../schema/collections';
import { baseField, FIELD_CLASSES, LEVEL_SCOPES, sealedScope } from './fields';

describe('field classification', () => {
  it('declares every field of every collection schema plain or sealed, and nothing else', () => {
    for (const collection of COLLECTIONS) {
      const schemaFields = Object.keys(COLLECTION_SPECS[collection].fields.shape).sort();
      const declared = Object.keys(FIELD_CLASSES[collection]).sort();
      expect({ collection, fields: schemaFields }).toEqual({ collection, fields: declared });
    }
    expect(Object.keys(FIELD_CLASSES).sort()).toEqual([...COLLECTIONS].sort());
  });

  it('keeps plain exactly what the server must act on', () => {
    const plain = COLLECTIONS.flatMap((c) =>
      Object.entries(FIELD_CLASSES[c])
        .filter(([, cls]) => cls === 'plain')
        .map(([f]) => `${c}.${f}`),
    ).sort();
    expect(plain).toEqual(
      [
        'profile.firstName',
        'profile.email',
        // Deliberately plain (issue 38 item 8 d): the name e-mails to trustees and recipients use; lastName stays sealed.
        'profile.emailName',
        'deathPlan.createdAt',
        'messages.createdAt',
        'messages.recipientEmail',
        'messages.deliveryDate',
        'messages.delivered',
        'messages.deliveredAt',
        'messages.openedAt',
        'messages.fileBlobId',
        'messages.contentRevision',
        // Deliberately plain (issue 44): the server writes the recipient's and the trustee's e-mails in it.
        'messages.recipientLanguage',
        'documents.fileBlobId',
        'documents.createdAt',
        'trustees.createdAt',
        'trustees.email',
        'trustees.language',
        'trustees.accessLevel',
        'survivorTasks.createdAt',
      ].sort(),
    );
  });

  it('maps stored fields (list items, kept versions, tombstones) to their scope', () => {
    const hlc = '000001700000000-0000-abcdef0123456789';
    expect(sealedScope('survivorTasks', 't1', 'resources/i9')).toBe('plan');
    expect(sealedScope('messages', 'm1', `messageContent~conflict/${hlc}`)).toBe('msg:m1');
    expect(sealedScope('messages', 'm1', 'recipientName')).toBe('index');
    expect(sealedScope('messages', 'm1', 'recipientEmail')).toBeNull();
    expect(sealedScope('documents', 'd1', '_deleted')).toBeNull();
    expect(sealedScope('documents', 'd1', '_restorable')).toBeNull();
    expect(baseField(`obituary~conflict/${hlc}`)).toBe('obituary');
    // The part before the first kept-version mark, then before the first '/', whatever the name holds.
    for (const stored of ['title', 'resources/i9', 'resources/i9/x', `obituary~conflict/${hlc}`, `resources/i9~conflict/${hlc}`, 'a~conflict/b~conflict/c', '/x', '~conflict/', '']) {
      expect(baseField(stored), stored).toBe(stored.split('~conflict/')[0]!.split('/')[0]!);
    }
    expect(() => sealedScope('documents', 'd1', 'secretNotes')).toThrow(TypeError);
  });

  it('gives no access level a message key, and full access every fixed scope', () => {
    for (const scopes of Object.values(LEVEL_SCOPES)) expect(scopes.some((s) => s.startsWith('msg:'))).toBe(false);
    expect([...LEVEL_SCOPES.full].sort()).toEqual(['docs', 'index', 'owner', 'plan']);
  });
});
