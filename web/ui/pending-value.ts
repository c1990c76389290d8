/**
 * Shows a value the person just chose at once, in the same frame as their keypress or click, while
 * the local write that saves it lands (issue #20 "Local write to screen": the write goes through
 * IndexedDB and comes back through a live query, which takes longer than a frame). The shown
 * value is the chosen one until the stored value changes (the write's echo, or a newer change
 * from elsewhere, which then wins) or the write reports failure (its toast explains; the stored
 * value shows again).
 */
import { useState } from 'react';

/**
 * `stored`: the value from the database. Returns the value to show and `choose(value, write)`,
 * where `write` saves it and resolves false on failure.
 */
export function usePendingValue<T>(stored: T): [shown: T, choose: (value: T, write: (value: T) => Promise<boolean>) => void] {
  const [pending, setPending] = useState<{ value: T; base: T } | null>(null);
  if (pending && !Object.is(pending.base, stored)) setPending(null);
  const choose = (value: T, write: (value: T) => Promise<boolean>) => {
    const entry = { value, base: stored };
    setPending(entry);
    void write(value).then((ok) => {
      if (!ok) setPending((p) => (p === entry ? null : p));
    });
  };
  return [pending && Object.is(pending.base, stored) ? pending.value : stored, choose];
}
