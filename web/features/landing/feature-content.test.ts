import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n';
import { pointIds } from './feature-content';
import './messages';

describe('the landing page\'s documents points', () => {
  it('say documents are sealed on the device (SECURITY.md "Files"), not only encrypted in transit over HTTPS, which a plain-HTTP install lacks', () => {
    const points = pointIds('documents').map((id) => t(id));
    expect(points).toContain('Sealed on your device before it reaches our server');
    expect(points.join(' ')).not.toMatch(/HTTPS/);
  });
});
