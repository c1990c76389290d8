/**
 * Content-coding negotiation for static files (RFC 9110 §12.5.3 Accept-Encoding).
 */

/**
 * The coding of `available` (in the server's order of preference, e.g. `['br', 'gzip']`) that
 * `header` accepts with the highest q-value (> 0), earlier in `available` on a tie; null for
 * none, i.e. send the file as it is (identity). Codings are case-insensitive; `*` stands for any
 * coding the header does not name; `x-gzip` is gzip (RFC 9110 §8.4.1.3); a malformed q-value
 * counts as 0. No header at all → null: a client that says nothing gets the plain file.
 */
export function preferredEncoding(header: string | undefined, available: readonly string[]): string | null {
  if (!header || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawCoding, ...params] = element.split(';');
    let coding = rawCoding!.trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let weight = 1;
    for (const param of params) {
      const [name, value] = param.split('=').map((p) => p.trim());
      if (name?.toLowerCase() !== 'q') continue;
      weight = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : 0;
    }
    q.set(coding, Math.max(q.get(coding) ?? 0, weight));
  }
  let best: string | null = null;
  let bestQ = 0;
  for (const coding of available) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
