/**
 * The plan's AI requests are built only from what the person wrote (issue "Promises kept",
 * finding 2: the demo's placeholders wrote "died at the age of 65 … as a Professional" into the
 * obituary of a woman born in 1953, and ten pop songs into a Quaker's wishes).
 */
import { describe, expect, it } from 'vitest';
import { createDefaultProvider } from '../../../shared/ai';
import { ageOn, EMPTY_OBITUARY_DETAILS, forgetLegacyMusicGenres, LEGACY_GENRES_KEY, legacyGenresMove, legacyMusicGenres, musicRequest, obituaryRequest } from './plan-ai';

const TODAY = new Date(2026, 10, 27);

describe('the plan’s AI requests', () => {
  it('an obituary for a woman born in 1953: her age from her birthdate, nothing invented', async () => {
    const body = obituaryRequest({ firstName: 'Margaret', lastName: 'Hale', birthdate: '1953-04-02' }, EMPTY_OBITUARY_DETAILS, 'moderate', TODAY);
    expect(body).toEqual({ name: 'Margaret Hale', age: 73, location: '', occupation: '', achievements: '', familyMembers: '', personalQualities: '', budget: 'moderate' });
    const { obituary } = await createDefaultProvider().obituary(body);
    expect(obituary).toContain('Margaret Hale died at the age of 73.');
    expect(obituary).not.toMatch(/65|Professional|hard work|loving family/);
  });

  it('with the details she gave and no birthdate: those details, and no age', async () => {
    const body = obituaryRequest({ firstName: 'Margaret', lastName: 'Hale', birthdate: null }, { ...EMPTY_OBITUARY_DETAILS, hometown: 'Milton', occupation: 'midwife' }, 'budget', TODAY);
    expect(body.age).toBeNull();
    const { obituary } = await createDefaultProvider().obituary(body);
    expect(obituary).toContain('Margaret Hale, of Milton, died.');
    expect(obituary).toContain('a midwife');
    expect(obituary).not.toMatch(/\d/);
  });

  it('ages count whole years to the day', () => {
    expect(ageOn('1953-11-27', TODAY)).toBe(73);
    expect(ageOn('1953-11-28', TODAY)).toBe(72);
    expect(ageOn('', TODAY)).toBeNull();
    expect(ageOn('2030-01-01', TODAY)).toBeNull();
  });

  it('music from the kinds chosen and the beliefs as written: no default values or beliefs', async () => {
    expect(musicRequest(null, ['folk'], 'moderate')).toEqual({ musicGenres: ['folk'], personalValues: [], spiritualBeliefs: '', budget: 'moderate' });
    const quaker = musicRequest({ values: ['nature'], beliefs: 'Quaker… no hymns' }, ['classical'], 'moderate');
    const { songs } = await createDefaultProvider().music(quaker);
    expect(songs.join('\n')).not.toMatch(/Pie Jesu|Lacrimosa|Amazing Grace|Abide with Me/);
  });

  it('kinds of music this device kept before they were in the plan move into it once; the plan wins', () => {
    const kept = new Map<string, string>([[LEGACY_GENRES_KEY, JSON.stringify(['jazz', 'disco', 'folk', 'jazz', 7])]]);
    const storage = { getItem: (k: string) => kept.get(k) ?? null, removeItem: (k: string) => void kept.delete(k) };
    const legacy = legacyMusicGenres(storage);
    expect(legacy).toEqual(['folk', 'jazz']); // known kinds only, once each, in the options' order
    expect(legacyGenresMove(legacy, false, [])).toEqual({ kind: 'fill', genres: ['folk', 'jazz'] });
    expect(legacyGenresMove(legacy, true, [])).toEqual({ kind: 'save', genres: ['folk', 'jazz'] });
    expect(legacyGenresMove(legacy, true, ['pop'])).toEqual({ kind: 'forget' });
    expect(legacyGenresMove([], true, [])).toEqual({ kind: 'forget' });
    expect(legacyGenresMove([], false, [])).toEqual({ kind: 'none' });
    forgetLegacyMusicGenres(storage);
    expect(legacyMusicGenres(storage)).toEqual([]);
    const blocked = { getItem: () => { throw new Error('SecurityError'); }, removeItem: () => { throw new Error('SecurityError'); } };
    expect(legacyMusicGenres(blocked)).toEqual([]);
    expect(() => forgetLegacyMusicGenres(blocked)).not.toThrow();
    kept.set(LEGACY_GENRES_KEY, '{not json');
    expect(legacyMusicGenres(storage)).toEqual([]);
  });
});
