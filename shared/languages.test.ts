import { describe, expect, it } from 'vitest';
import { directionOf, isLanguage, pickLanguage } from './languages';

describe('languages', () => {
  it('picks the first preferred language Afterword speaks, by its primary subtag', () => {
    expect(pickLanguage(['pt-BR', 'es-MX', 'fr'])).toBe('es');
    expect(pickLanguage(['DE-at'])).toBe('de');
    expect(pickLanguage(['ar'])).toBe('ar');
  });
  it('falls back to English when none is spoken, or none is given', () => {
    expect(pickLanguage(['pt-BR', 'ja'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
  it('Arabic is written right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
  it('knows only its own codes', () => {
    expect(isLanguage('fr')).toBe(true);
    expect(isLanguage('pseudo')).toBe(false);
    expect(isLanguage('EN')).toBe(false);
  });
});
