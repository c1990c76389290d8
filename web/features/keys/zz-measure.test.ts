import 'fake-indexeddb/auto';
import { it } from 'vitest';
import { derivePasswordKeys, newKdfParams } from '../../../shared/crypto/kdf';
import { createDeviceKeyStore } from './device-key-store';
it('measure', async () => {
  const d = createDeviceKeyStore('m');
  const kdf = newKdfParams();
  await derivePasswordKeys('warm', kdf);
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1];
  const k: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await derivePasswordKeys('pw' + i, kdf); k.push(performance.now() - t); }
  const p: number[] = [];
  for (let i = 0; i < 50; i++) { const t = performance.now(); await d.pinFor('name' + i); await d.pin('u' + (i % 5), { names: ['name' + i, 'x@example.com', 'name'], kdf, akVersion: 1, sealed: true }); p.push(performance.now() - t); }
  console.log(`argon2id 64MiB/3 derive median ${med(k).toFixed(1)} ms; pinFor+pin median ${med(p).toFixed(2)} ms (${(100 * med(p) / med(k)).toFixed(2)}%)`);
}, 120000);
