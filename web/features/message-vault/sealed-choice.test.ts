/**
 * The owner's sealed delivery choices as this device reads them (sealed-choice.ts), over Dexie on
 * fake-indexeddb: a choice that did not open (refused by the sealing or by freshness, and so left
 * out of the record) decides nothing, where a record that never held one reads as the default.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { closeUserDatabase, create, openUserDatabase } from '../../db/index';
import { sealedChoicesOf } from './sealed-choice';

afterEach(() => closeUserDatabase());

describe('sealed delivery choices on this device', () => {
  it('a choice that did not open decides nothing (undefined), not the default (null)', async () => {
    const db = await openUserDatabase('user-choice', { indexedDB: new IDBFactory(), IDBKeyRange });
    const id = await create('messages', { recipientName: 'Henry', recipientEmail: 'henry@example.com', messageType: 'text', messageContent: 'Finish the boat.', deliveryType: 'release' } as never);
    const choices = sealedChoicesOf(db);
    expect(await choices.read(id)).toBeNull();
    await db.dexie.sealErrors.put({ collection: 'messages', id, field: 'delivery', error: 'rolled-back', hlc: '000000000000001-0000-abcdef0123456789' as never, at: 1 });
    expect(await choices.read(id)).toBeUndefined();
  });
});
