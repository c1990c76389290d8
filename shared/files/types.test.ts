import { describe, expect, it } from 'vitest';
import { detectFileType } from './types';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('file types by content (issue #17)', () => {
  it('accepts a PDF, a PNG and plain text by their bytes', async () => {
    expect(await detectFileType(bytes('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).toEqual({ ok: true, mimeType: 'application/pdf' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    expect(await detectFileType(png)).toEqual({ ok: true, mimeType: 'image/png' });
    expect(await detectFileType(bytes('Dear Ada,\nthe keys are in the blue box.\n'))).toEqual({ ok: true, mimeType: 'text/plain' });
  });

  it('refuses HTML, SVG and executables whatever their name says', async () => {
    expect((await detectFileType(bytes('<!DOCTYPE html><script>alert(1)</script>'))).ok).toBe(false);
    expect((await detectFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).ok).toBe(false);
    expect((await detectFileType(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])))).toMatchObject({ ok: false });
    expect((await detectFileType(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])))).toMatchObject({ ok: false });
  });
});
