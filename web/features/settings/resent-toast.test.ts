import { describe, expect, it } from 'vitest';
import { resentToast, verificationToast } from './ReadinessCard';

describe('Settings: the resend toast says truthfully whether e-mail goes out', () => {
  it('names a queued invitation while e-mail is not set up (no SMTP_URL)', () => {
    expect(resentToast('Grace', 'folder')).toEqual({
      title: 'Invitation queued',
      description: 'E-mail is not set up on this server yet: Grace will receive a new link once it is.',
    });
    expect(resentToast('Grace', 'smtp')).toEqual({ title: 'Invitation sent again', description: 'Grace will receive a new link.' });
  });
});

describe('Settings: the verification toast says truthfully whether the link goes out', () => {
  it('names a queued verification e-mail while e-mail is not set up', () => {
    expect(verificationToast('ada@example.com', 'smtp')).toEqual({
      title: 'Verification e-mail sent',
      description: 'Follow the link we sent to ada@example.com to confirm it.',
    });
    expect(verificationToast('ada@example.com', 'folder')).toEqual({
      title: 'Verification e-mail queued',
      description: 'E-mail is not set up on this server yet: the link will reach ada@example.com once it is.',
    });
  });
});
