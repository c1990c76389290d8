import { describe, expect, it } from 'vitest';
import { PLAN_TYPES } from '../schema';
import { astrologicalInsightsFor, sunSign } from './astrology';

describe('sun sign (tropical zodiac date boundaries)', () => {
  it.each([
    ['1990-03-20', 'Pisces', 'Water', 'Mutable'],
    ['1990-03-21', 'Aries', 'Fire', 'Cardinal'],
    ['1990-04-19', 'Aries', 'Fire', 'Cardinal'],
    ['1990-04-20', 'Taurus', 'Earth', 'Fixed'],
    ['1990-06-20', 'Gemini', 'Air', 'Mutable'],
    ['1990-06-21', 'Cancer', 'Water', 'Cardinal'],
    ['1990-07-23', 'Leo', 'Fire', 'Fixed'],
    ['1990-08-23', 'Virgo', 'Earth', 'Mutable'],
    ['1990-09-23', 'Libra', 'Air', 'Cardinal'],
    ['1990-10-23', 'Scorpio', 'Water', 'Fixed'],
    ['1990-11-22', 'Sagittarius', 'Fire', 'Mutable'],
    ['1990-12-21', 'Sagittarius', 'Fire', 'Mutable'],
    ['1990-12-22', 'Capricorn', 'Earth', 'Cardinal'],
    ['1990-12-31', 'Capricorn', 'Earth', 'Cardinal'],
    ['1991-01-01', 'Capricorn', 'Earth', 'Cardinal'],
    ['1991-01-19', 'Capricorn', 'Earth', 'Cardinal'],
    ['1991-01-20', 'Aquarius', 'Air', 'Fixed'],
    ['1991-02-18', 'Aquarius', 'Air', 'Fixed'],
    ['1991-02-19', 'Pisces', 'Water', 'Mutable'],
    ['2000-02-29', 'Pisces', 'Water', 'Mutable'],
  ])('%s is %s (%s, %s)', (birthdate, name, element, modality) => {
    expect(sunSign(birthdate)).toMatchObject({ name, element, modality });
  });
});

describe('default astrological insights (SPEC.md §3, §4 Astrological panel)', () => {
  it('names the sign and element, with favourable and challenging elements that split the four', () => {
    const r = astrologicalInsightsFor({ birthdate: '1985-08-01', planType: 'general' });
    expect(r.insights).toContain('Leo');
    expect(r.insights).toContain('fire sign');
    expect(r.elements.favorable[0]).toMatch(/^Fire/);
    const all = [...r.elements.favorable, ...r.elements.challenging].map((e) => e.split(' ')[0]).sort();
    expect(all).toEqual(['Air', 'Earth', 'Fire', 'Water']);
  });

  it('gives 3-5 recommendations that differ by planType, and a note that astrology is for reflection', () => {
    const results = PLAN_TYPES.map((planType) => astrologicalInsightsFor({ birthdate: '1990-03-21', planType }));
    for (const r of results) {
      expect(r.recommendations.length).toBeGreaterThanOrEqual(3);
      expect(r.recommendations.length).toBeLessThanOrEqual(5);
      expect(r.insights).toMatch(/reflection/);
    }
    expect(new Set(results.map((r) => r.insights)).size).toBe(PLAN_TYPES.length);
    expect(new Set(results.map((r) => r.recommendations.join('|'))).size).toBe(PLAN_TYPES.length);
    expect(results[3].recommendations.join(' ')).toMatch(/will/);
  });

  it('says "an" before a vowel: "As an Aries", "for an Aries", "an air sign"', () => {
    const aries = astrologicalInsightsFor({ birthdate: '1990-04-01', planType: PLAN_TYPES[0] });
    expect(aries.insights).toContain('As an Aries, a fire sign');
    expect(aries.recommendations.join(' ')).toContain('for an Aries,');
    const aquarius = astrologicalInsightsFor({ birthdate: '1990-02-01', planType: PLAN_TYPES[0] });
    expect(aquarius.insights).toContain('As an Aquarius, an air sign');
    const leo = astrologicalInsightsFor({ birthdate: '1990-08-01', planType: PLAN_TYPES[0] });
    expect(leo.insights).toContain('As a Leo, a fire sign');
  });

  it('differs by sign for the same planType', () => {
    const a = astrologicalInsightsFor({ birthdate: '1990-03-20', planType: 'message-vault' });
    const b = astrologicalInsightsFor({ birthdate: '1990-03-21', planType: 'message-vault' });
    expect(a.insights).not.toBe(b.insights);
    expect(a.elements).not.toEqual(b.elements);
  });
});
