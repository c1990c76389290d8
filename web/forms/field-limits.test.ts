import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/schema/common';
import { normalizePatch } from '../db/normalize';
import { LocalWriteError } from '../db/user-database';
import { describeWriteError, fieldLabel, maxLengthOf } from './field-limits';

describe('field limits from the shared schemas', () => {
  it('reads each text field’s maximum through nullable/transform wrappers', () => {
    expect(maxLengthOf('messages', 'messageContent')).toBe(LIMITS.longText);
    expect(maxLengthOf('messages', 'recipientName')).toBe(LIMITS.name);
    expect(maxLengthOf('deathPlan', 'obituary')).toBe(LIMITS.longText);
    expect(maxLengthOf('messages', 'deliveryDate')).toBeUndefined();
  });

  it('describes a refused write in plain words naming the field', () => {
    let err: unknown;
    try {
      normalizePatch('messages', { messageContent: 'x'.repeat(LIMITS.longText + 1) });
    } catch (e) {
      err = e;
    }
    expect(describeWriteError(err)).toBe('Your Message is too long (at most 20,000 characters)');
    expect(describeWriteError(new Error('disk full'))).toBeUndefined();
    expect(fieldLabel('emergencyContact')).toBe('Emergency contact');
  });

  it('names the field a write too large to keep sealed would overflow (issue 29 "Limits on ciphertext")', () => {
    const err = new LocalWriteError('survivorTasks.resources/abc123: too long to keep end-to-end encrypted (this task may hold at most 256 KB once sealed; shorten it by about 1,200 characters)');
    expect(describeWriteError(err)).toBe('Resources is too long to keep end-to-end encrypted (this task may hold at most 256 KB once sealed; shorten it by about 1,200 characters)');
  });
});
