import { describe, expect, it } from 'vitest';
import { resentToast } from './ReadinessCard';

describe('Settings: the resend toast says truthfully whether e-mail goes out', () => {
  it('names a queued invitation while e-mail is not set up (no SMTP_URL)', () => {
    expect(resentToast('Grace', 'folder')).toEqual({
      title: 'Invitation queued',
      description: 'E-mail is not set up on this server yet: Grace will receive a new link once it is.',
    });
    expect(resentToast('Grace', 'smtp')).toEqual({ title: 'Invitation sent again', description: 'Grace will receive a new link.' });
  });
});
