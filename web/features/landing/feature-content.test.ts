import { describe, expect, it } from 'vitest';
import { FEATURES } from './feature-content';

describe('the landing page\'s documents points', () => {
  it('say documents are sealed on the device (SECURITY.md "Files"), not only encrypted in transit over HTTPS, which a plain-HTTP install lacks', () => {
    const points = FEATURES.find((f) => f.value === 'documents')!.points;
    expect(points).toContain('Sealed on your device before it reaches our server');
    expect(points.join(' ')).not.toMatch(/HTTPS/);
  });
});
