/**
 * Words that wait (issue 41 "Sign-up and sign-in feel quick"): a wait under 400 ms reads as
 * instant and needs nothing; past it, the person is told what is happening.
 */
import { useEffect, useState } from 'react';

/** How long a wait lasts before it is put in words (ms). */
export const WORDS_AFTER_MS = 400;

/** True once `active` has stayed true for `ms` (default WORDS_AFTER_MS); false again as soon as it is not. */
export function useShownAfter(active: boolean, ms = WORDS_AFTER_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && shown;
}
