import { describe, expect, it } from 'vitest';
import { formatLongDate, formatLongDateTime } from './dates';
import { formatBytes } from './files/size';
import { formatDate, formatDateTime, formatFileSize, formatNumber, formatTime } from './intl-format';

const AT = '2026-11-21T15:04:00Z';
const utc = { timeZone: 'UTC' };

describe('Intl formatters in the person\'s language', () => {
  it('English keeps SPEC.md §9\'s en-US words and the app\'s file sizes exactly', () => {
    expect(formatDate(AT, 'en', utc)).toBe(formatLongDate(AT, utc));
    expect(formatDateTime(AT, 'en', utc)).toBe(formatLongDateTime(AT, utc));
    expect(formatDateTime(AT, 'en', utc)).toBe('November 21, 2026 at 3:04 PM UTC');
    for (const n of [0, 1, 1536, 5 * 1024 ** 3]) expect(formatFileSize(n, 'en')).toBe(formatBytes(n));
  });
  it('other languages write dates, times and numbers their own way', () => {
    expect(formatDate(AT, 'es', utc)).toBe('21 de noviembre de 2026');
    expect(formatDate(AT, 'de', utc)).toBe('21. November 2026');
    expect(formatDate(AT, 'fr', utc)).toBe('21 novembre 2026');
    expect(formatTime(AT, 'de', utc)).toBe('15:04');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'fr')).toBe('1 234,5');
    expect(formatDateTime(AT, 'de', utc)).toContain('15:04');
  });
  it('Arabic keeps Western digits (numbers left to right, as typed)', () => {
    expect(formatDate(AT, 'ar', utc)).toMatch(/21.*2026/);
    expect(formatNumber(1234, 'ar')).toMatch(/1.?234/);
  });
  it('file sizes in binary units, one decimal under 10', () => {
    expect(formatFileSize(1536, 'de')).toBe('1,5 kB');
    expect(formatFileSize(1, 'fr')).toBe('1 octet');
    expect(formatFileSize(500 * 1024 ** 2, 'es')).toBe('500 MB');
  });
  it('a bare day is that day in any language, and a value that is not a date is empty', () => {
    expect(formatDateTime('2026-12-25', 'fr')).toBe('25 décembre 2026');
    expect(formatDate('not a date', 'es')).toBe('');
  });
});
