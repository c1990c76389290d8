import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDeviceKeyStore } from './device-key-store';

describe('the key session kept on the device (Dexie over fake-indexeddb)', () => {
  it('keeps AK across a reopen under a non-extractable device key, and forgets it at sign-out', async () => {
    const name = `keys-${Math.random()}`;
    const ak = crypto.getRandomValues(new Uint8Array(32));
    const first = createDeviceKeyStore(name);
    await first.save('u1', ak, 1);
    first.close();
    const again = createDeviceKeyStore(name); // a reload
    expect(await again.load('u1')).toEqual({ ak, akVersion: 1 });
    expect(await again.load('u2')).toBeNull();
    const { default: Dexie } = await import('dexie');
    const raw = new Dexie(name);
    raw.version(1).stores({ keys: 'userId' });
    const row = (await raw.table('keys').get('u1')) as { deviceKey: CryptoKey; sealedAk: Uint8Array };
    expect(row.deviceKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', row.deviceKey)).rejects.toThrow();
    expect(Buffer.from(row.sealedAk).includes(Buffer.from(ak))).toBe(false);
    raw.close();
    await again.clear();
    expect(await again.load('u1')).toBeNull();
  });
});
