/**
 * The toast store (SPEC.md §9: one toast at a time, 5000 ms by default) and its persistent mode
 * (issue 38, item 4: an Undo toast was gone after about 8 seconds): a persistent toast has no
 * timer, a newer toast shows in front of it and it comes back when that one closes, and it goes
 * only when the person dismisses it or leaves the screen (dismissPersistent).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '../../shared/labels';
import { dismissPersistent, toast, useToastStore } from './toast-store';

const shown = () => useToastStore.getState().toasts.map((t) => t.title);
const dismiss = (id: number) => useToastStore.getState().dismiss(id);

describe('toasts', () => {
  beforeEach(() => useToastStore.setState({ toasts: [], held: [] }));

  it('shows one at a time for 5000 ms, twice as long with an action, as before', () => {
    toast({ title: 'One' });
    toast({ title: 'Two', action: { label: 'Undo', onClick: () => {} } });
    expect(shown()).toEqual(['Two']);
    expect(useToastStore.getState().toasts[0]!.durationMs).toBe(2 * TOAST_DURATION_MS);
    toast({ title: 'Three' });
    expect(useToastStore.getState().toasts[0]!.durationMs).toBe(TOAST_DURATION_MS);
    expect(useToastStore.getState().held).toEqual([]);
  });

  it('a persistent toast has no timer and comes back after a newer toast closes', () => {
    const undo = toast({ title: 'Music suggestions', persistent: true, action: { label: 'Undo', onClick: () => {} } });
    expect(useToastStore.getState().toasts[0]!.durationMs).toBe(Infinity);
    expect(useToastStore.getState().toasts[0]!.persistent).toBe(true);
    const saved = toast({ title: 'Plan updated successfully' });
    expect(shown()).toEqual(['Plan updated successfully']);
    dismiss(saved);
    expect(shown()).toEqual(['Music suggestions']);
    dismiss(undo);
    expect(shown()).toEqual([]);
  });

  it('two persistent toasts wait one behind the other, newest in front', () => {
    const first = toast({ title: 'Obituary generated', persistent: true });
    const second = toast({ title: 'Music suggestions', persistent: true });
    expect(shown()).toEqual(['Music suggestions']);
    dismiss(second);
    expect(shown()).toEqual(['Obituary generated']);
    dismiss(first);
    expect(shown()).toEqual([]);
  });

  it('dismissPersistent (the screen is left) takes every persistent toast away, shown or waiting, and leaves others', () => {
    toast({ title: 'Obituary generated', persistent: true });
    toast({ title: 'Music suggestions', persistent: true });
    toast({ title: 'Plan updated successfully' });
    dismissPersistent();
    expect(shown()).toEqual(['Plan updated successfully']);
    expect(useToastStore.getState().held).toEqual([]);
    toast({ title: 'Undo me', persistent: true, action: { label: 'Undo', onClick: () => {} } });
    dismissPersistent();
    expect(shown()).toEqual([]);
    toast({ title: 'Plan updated successfully' });
    toast({ title: 'A notice', persistent: true }); // waiting behind it
    dismissPersistent();
    expect(shown()).toEqual(['Plan updated successfully']);
    expect(useToastStore.getState().held).toEqual([]);
  });

  it('a persistent notice with no action waits behind a passing toast still on screen, so that one is read too; it shows once that one closes', () => {
    const sealed = toast({ title: 'Your words are sealed' });
    toast({ title: 'Addresses now sealed', persistent: true });
    expect(shown()).toEqual(['Your words are sealed']); // not pushed out at once (CI: e2e seal-existing never saw it)
    dismiss(sealed); // its time is up
    expect(shown()).toEqual(['Addresses now sealed']);
    // A persistent toast that answers the person's own action (Undo) still shows at once.
    const saved = toast({ title: 'Plan updated successfully' });
    toast({ title: 'Music suggestions', persistent: true, action: { label: 'Undo', onClick: () => {} } });
    expect(shown()).toEqual(['Music suggestions']);
    void saved;
  });
});
