/**
 * The server names people by e-mail address only (a trustee's or recipient's name is the owner's
 * sealed words, SECURITY.md "What the server sees"); on the owner's device the names it holds go
 * back beside those addresses: "Invitation sent to Margaret Hale (margaret@example.com)."
 */
import { useMemo } from 'react';
import { useCollection } from '../../db';

export interface NamedAddress {
  name?: string | null;
  email: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with each address of `people` (case-insensitive) written as "Name (address)"; addresses
 * without a name, or that already follow their name, are left as they are.
 */
export function nameAddresses(text: string, people: readonly NamedAddress[]): string {
  const names = new Map<string, string>();
  for (const p of people) {
    const name = p.name?.trim();
    if (name && p.email && !names.has(p.email.toLowerCase())) names.set(p.email.toLowerCase(), name);
  }
  if (names.size === 0) return text;
  // Whole addresses only: not the tail of a longer one ("xann@…" is not "ann@…").
  const pattern = new RegExp(`(?<![\\w.+-])(?:${[...names.keys()].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\w-]|\\.\\w)`, 'gi');
  return text.replace(pattern, (address, offset: number) => {
    const name = names.get(address.toLowerCase())!;
    return text.slice(Math.max(0, offset - name.length - 2), offset) === `${name} (` ? address : `${name} (${address})`;
  });
}

/** The names this device holds for addresses: its trustees and its messages' recipients. */
export function usePeopleByAddress(): NamedAddress[] {
  const trustees = useCollection('trustees');
  const messages = useCollection('messages');
  return useMemo(
    () => [...(trustees ?? []).map((t) => ({ name: t.name, email: t.email })), ...(messages ?? []).map((m) => ({ name: m.recipientName, email: m.recipientEmail }))],
    [trustees, messages],
  );
}
