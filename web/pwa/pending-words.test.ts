/**
 * Words that count the changes waiting in the outbox say nothing about them before the count is
 * read (usePendingCount is undefined while its query runs): "synced" or "Your work will sync" shown
 * at first paint, then replaced by "1 change is saved on this device", was read first by a screen
 * reader and by a test on a loaded machine (e2e/pwa.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { savedLine } from '../features/death-plan/PlanEditor';
import { reauthDescription } from './reauth-words';

describe('words about waiting changes before the count is known', () => {
  it('the plan editor says the plan is saved, not synced, until it knows', () => {
    expect(savedLine(true, undefined)).toBe('Your plan is saved on this device.');
    expect(savedLine(true, 0)).toBe('Your plan is saved on this device and synced to your account.');
    expect(savedLine(true, 2)).toBe('Your plan is saved on this device. 2 changes wait to sync to your account.');
  });

  it('the sign-in-again dialog names no count and no promise until it knows', () => {
    expect(reauthDescription(undefined, 'ada')).toBe('Your session has ended. Sign in as ada to go on.');
    expect(reauthDescription(0, 'ada')).toBe('Your session has ended. Your work will sync once you sign in as ada.');
    expect(reauthDescription(1, 'ada')).toBe('Your session has ended. 1 change is saved on this device and will be sent once you sign in as ada.');
  });
});
