import { describe, expect, it } from 'vitest';
import { createPathAllocator, documentFilePath, messageFilePath, safeFileName, unsafeEntryName } from './paths';

describe('export paths (issue #18)', () => {
  it('names files safely for every file system', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j');
    expect(safeFileName('  ..hidden. ')).toBe('hidden');
    expect(safeFileName('CON.txt')).toBe('_CON.txt');
    expect(safeFileName('\u0000\u202e')).toBe('file');
    const long = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(long).toHaveLength(120);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(documentFilePath('../../etc/passwd')).toBe('files/documents/_.._etc_passwd');
    expect(messageFilePath('Grace / Hopper', 'voice.webm')).toBe('files/messages/Grace _ Hopper - voice.webm');
  });

  it('never hands out the same path twice (case folded)', () => {
    const allocate = createPathAllocator();
    expect(allocate('files/documents/Will.pdf')).toBe('files/documents/Will.pdf');
    expect(allocate('files/documents/will.PDF')).toBe('files/documents/will (2).PDF');
    expect(allocate('files/documents/Will.pdf')).toBe('files/documents/Will (3).pdf');
    expect(allocate('files/documents/README')).toBe('files/documents/README');
    expect(allocate('files/documents/README')).toBe('files/documents/README (2)');
  });

  it('refuses entry names that leave the export', () => {
    for (const bad of ['../x', 'files/../../x', '/etc/passwd', 'C:/x', 'files\\..\\x', 'files//x', './x', 'a\u0000b']) {
      expect(unsafeEntryName(bad), bad).not.toBeNull();
    }
    for (const good of ['afterword.json', 'files/documents/Will (2).pdf', 'files/messages/Grace - a..b.webm', 'files/']) {
      expect(unsafeEntryName(good), good).toBeNull();
    }
  });
});
