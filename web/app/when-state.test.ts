import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { whenState } from './when-state';

const never = new Promise<void>(() => {});

describe('whenState', () => {
  it('resolves at once when the state already passes', async () => {
    const store = create(() => ({ open: true }));
    await expect(whenState(store, (s) => s.open, never)).resolves.toBeUndefined();
  });

  it('resolves at the first change that passes', async () => {
    const store = create(() => ({ n: 0 }));
    let settled = false;
    const wait = whenState(store, (s) => s.n >= 2, never).then(() => (settled = true));
    store.setState({ n: 1 });
    await Promise.resolve();
    expect(settled).toBe(false);
    store.setState({ n: 2 });
    await wait;
    expect(settled).toBe(true);
  });

  it('resolves when `or` does first, and then stops listening to the store', async () => {
    let listeners = 0;
    const base = create(() => ({ open: false }));
    const store = { getState: base.getState, subscribe: (l: (s: { open: boolean }) => void) => (listeners++, ((stop) => () => (listeners--, stop()))(base.subscribe(l))) };
    let quiet!: () => void;
    const wait = whenState(store, (s) => s.open, new Promise<void>((r) => (quiet = r)));
    expect(listeners).toBe(1);
    quiet();
    await wait;
    expect(listeners).toBe(0);
  });
});
