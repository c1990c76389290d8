/**
 * The one date module (shared/dates.ts): en-US long dates (SPEC.md §9) everywhere a person reads
 * one, a moment with its time zone named, a bare day the same day in every zone.
 */
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { formatLongDate, formatLongDateTime } from './dates';
import { exportZipChunks } from './export/zip-writer';

describe('dates in en-US long format (SPEC.md §9)', () => {
  const at = Date.UTC(2026, 10, 21, 15, 4);

  it('a long date, from an ISO string, milliseconds or a Date', () => {
    expect(formatLongDate(new Date(at).toISOString(), { timeZone: 'UTC' })).toBe('November 21, 2026');
    expect(formatLongDate(at, { timeZone: 'UTC' })).toBe('November 21, 2026');
    expect(formatLongDate(new Date(at), { timeZone: 'UTC' })).toBe('November 21, 2026');
  });

  it('a moment names its time zone, and is the reader’s day where the page knows the reader', () => {
    expect(formatLongDateTime(at, { timeZone: 'UTC' })).toBe('November 21, 2026 at 3:04 PM UTC');
    expect(formatLongDateTime(at, { timeZone: 'Europe/Paris' })).toBe('November 21, 2026 at 4:04 PM GMT+1');
    // 3:04 PM in London is already the 22nd in Auckland.
    expect(formatLongDateTime(at, { timeZone: 'Pacific/Auckland' })).toBe('November 22, 2026 at 4:04 AM GMT+13');
    expect(formatLongDate(at, { timeZone: 'Pacific/Auckland' })).toBe('November 22, 2026');
  });

  it('a bare day is that day wherever it is read (a delivery date as chosen, a date of death)', () => {
    for (const timeZone of ['America/Los_Angeles', 'UTC', 'Pacific/Auckland', undefined]) {
      expect(formatLongDate('2026-12-25', { timeZone })).toBe('December 25, 2026');
      expect(formatLongDateTime('2026-12-25', { timeZone })).toBe('December 25, 2026');
    }
  });

  it('plain spaces only (e-mails and PDFs are plain text), and nothing for a value that is not a date', () => {
    expect(formatLongDateTime(at, { timeZone: 'UTC' })).not.toMatch(/[\u202f\u00a0]/);
    expect(formatLongDate('not a date')).toBe('');
    expect(formatLongDateTime('not a date')).toBe('');
    expect(formatLongDateTime(Number.NaN)).toBe('');
  });

  it("the export's README says when it was made in en-US long format", async () => {
    const empty = { profile: [], deathPlan: [], messages: [], documents: [], trustees: [], survivorTasks: [] };
    const parts: Uint8Array[] = [];
    for await (const p of exportZipChunks({ records: empty as never, exportedAt: new Date(Date.UTC(2026, 10, 23, 9, 5)), personName: 'Ada Lovelace' })) parts.push(p);
    const zip = unzipSync(new Uint8Array(Buffer.concat(parts)));
    expect(strFromU8(zip['README.txt']!)).toContain('Afterword export of Ada Lovelace, made November 23, 2026 at 9:05 AM UTC.');
  });
});
