import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './session-hint';

describe('hasSessionHint (issue #20: anonymous visits ask the server nothing)', () => {
  it('finds the hint under its plain or __Host- name, anywhere in document.cookie', () => {
    expect(hasSessionHint('afterword_signed_in=1')).toBe(true);
    expect(hasSessionHint('a=b; __Host-afterword_signed_in=1; c=d')).toBe(true);
  });

  it('is false without it, and for names that only contain it', () => {
    expect(hasSessionHint('')).toBe(false);
    expect(hasSessionHint('theme=dark; afterword_session=x')).toBe(false);
    expect(hasSessionHint('xafterword_signed_in=1; afterword_signed_in_old=1')).toBe(false);
  });
});
