/** A React hook: an object URL for a Blob while it is shown, revoked when it changes or unmounts. */
import { useEffect, useState } from 'react';

/** The object URL of `blob` (null for no blob, and until the effect has run). */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
