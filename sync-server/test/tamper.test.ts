import { describe, expect, it } from 'vitest';
import { tamperedEnvelope } from './tamper';

describe('tamperedEnvelope (test support)', () => {
  it('always changes the sealed string, whatever its characters (the old way kept one in 64 unchanged)', () => {
    for (const s of ['s1.nonce.xyzAbc', 's1.nonce.xyzBAA', 'e1.AAAAAAAA', 'w1.n.abcdefgh']) {
      const t = tamperedEnvelope(s);
      expect(t).not.toBe(s);
      expect(t).toHaveLength(s.length);
      expect([...t].filter((c, i) => c !== s[i])).toHaveLength(1);
    }
    const old = (s: string) => `${s.slice(0, -3)}${s.endsWith('A') ? 'B' : 'A'}${s.slice(-2)}`;
    expect(old('s1.nonce.xyzAbc')).toBe('s1.nonce.xyzAbc'); // the defect this replaces
  });
});
