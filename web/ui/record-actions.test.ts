import { beforeEach, describe, expect, it } from 'vitest';
import { emailSchema } from '../../shared/schema/common';
import { ApiError } from '../api/client';
import { runAndClose, runWithToasts, validateForm } from './record-actions';
import { useToastStore } from './toast-store';
import { normalizePatch } from '../db/normalize';

const shown = () => useToastStore.getState().toasts.map(({ title, description, variant }) => ({ title, description, variant }));

describe('record screens: validation and toasts (SPEC.md §5, §8)', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));

  it('marks blank required fields and shows the Missing information toast', () => {
    const errors = validateForm({ name: '  ', email: 'x', accessLevel: '' }, ['name', 'email', 'accessLevel'], { email: emailSchema });
    expect(errors).toEqual({ name: 'This field is required', accessLevel: 'This field is required' });
    expect(shown()).toEqual([{ title: 'Missing information', description: 'Please fill in all required fields.', variant: 'destructive' }]);
  });

  it('checks formats only once every required field is filled, without a toast', () => {
    expect(validateForm({ email: 'not-an-email' }, ['email'], { email: emailSchema })).toEqual({ email: 'Invalid email address' });
    expect(shown()).toEqual([]);
    expect(validateForm({ email: 'ok@example.com' }, ['email'], { email: emailSchema })).toBeNull();
  });

  it('shows the success toast and returns the result', async () => {
    expect(await runWithToasts(async () => 'id-1', { success: { title: 'Trustee added' }, failure: 'Failed to add trustee' })).toBe('id-1');
    expect(shown()).toEqual([{ title: 'Trustee added', description: undefined, variant: 'default' }]);
  });

  it('on failure shows the destructive toast with the server message, or the fallback', async () => {
    const fail = (err: unknown) => runWithToasts(() => Promise.reject(err), { success: { title: 'x' }, failure: 'Failed to suggest music' });
    expect(await fail(new ApiError(404, '{"error":"Not found"}', 'Not Found'))).toBeUndefined();
    expect(shown()).toEqual([{ title: 'Failed to suggest music', description: 'Not found', variant: 'destructive' }]);
    await fail(new TypeError('Failed to fetch'));
    expect(shown()).toEqual([{ title: 'Failed to suggest music', description: 'Please try again later.', variant: 'destructive' }]);
  });

  it('a refused local write names the field in plain words, not "Please try again later."', async () => {
    const tooLong = () => normalizePatch('messages', { messageContent: 'x'.repeat(20_001) });
    await runWithToasts(async () => tooLong(), { success: { title: 'x' }, failure: 'Failed to create message' });
    expect(shown()).toEqual([
      { title: 'Failed to create message', description: 'Your Message is too long (at most 20,000 characters)', variant: 'destructive' },
    ]);
    useToastStore.setState({ toasts: [] });
    await runWithToasts(async () => normalizePatch('deathPlan', { obituary: 'o'.repeat(20_001) }), { success: { title: 'x' }, failure: 'Failed to save plan' });
    expect(shown()[0]!.description).toBe('Obituary is too long (at most 20,000 characters)');
  });

  it('runAndClose closes only on success', async () => {
    let closed = 0;
    const close = () => closed++;
    expect(await runAndClose(() => Promise.reject(new Error('disk full')), { success: { title: 'ok' }, failure: 'Failed' }, close)).toBe(false);
    expect(closed).toBe(0);
    expect(await runAndClose(async () => undefined, { success: { title: 'ok' }, failure: 'Failed' }, close)).toBe(true);
    expect(closed).toBe(1);
  });
});
