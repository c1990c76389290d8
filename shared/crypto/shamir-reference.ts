/**
 * An independent reference of the share format `shamir-secret-sharing` uses (README.md "Shamir"),
 * for test vectors and the gate tests only (the app never imports it): GF(2^8) modulo
 * x⁸ + x⁴ + x³ + x + 1 (0x11b, as AES), multiplication by shift-and-xor (not the library's
 * tables), a share = one polynomial value per secret byte, then its x coordinate as the last byte.
 * Not constant-time; never use it for real secrets.
 */

/** a × b in GF(2^8) mod 0x11b. */
export function gfMul(a: number, b: number): number {
  let p = 0;
  for (let i = 0; i < 8; i++) {
    if (b & 1) p ^= a;
    const hi = a & 0x80;
    a = (a << 1) & 0xff;
    if (hi) a ^= 0x1b;
    b >>= 1;
  }
  return p;
}

/** The inverse of a ≠ 0 in GF(2^8) (a^254). */
export function gfInv(a: number): number {
  if (a === 0) throw new RangeError('0 has no inverse');
  let r = 1;
  for (let i = 0; i < 254; i++) r = gfMul(r, a);
  return r;
}

/** The value at `x` of the polynomial through `points` ([x, y], distinct x), by Lagrange. */
export function interpolateAt(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  let sum = 0;
  for (const [i, [xi, yi]] of points.entries()) {
    let num = 1;
    let den = 1;
    for (const [j, [xj]] of points.entries()) {
      if (i === j) continue;
      num = gfMul(num, x ^ xj);
      den = gfMul(den, xi ^ xj);
    }
    sum ^= gfMul(yi, gfMul(num, gfInv(den)));
  }
  return sum;
}

/**
 * Shares of `secret` from fixed polynomial coefficients: `coefficients[b]` are the k − 1
 * non-constant coefficients of byte b's polynomial (lowest degree first), `xs` the shares' x
 * coordinates (distinct, non-zero). Each share is `y_0 … y_{len−1} ‖ x`, as the library's.
 */
export function referenceShares(secret: Uint8Array, coefficients: ReadonlyArray<readonly number[]>, xs: readonly number[]): Uint8Array[] {
  return xs.map((x) => {
    const share = new Uint8Array(secret.length + 1);
    for (let b = 0; b < secret.length; b++) {
      let y = 0;
      let power = 1;
      for (const c of [secret[b]!, ...coefficients[b]!]) {
        y ^= gfMul(c, power);
        power = gfMul(power, x);
      }
      share[b] = y;
    }
    share[secret.length] = x;
    return share;
  });
}

/**
 * A share at the unused coordinate `x` that, with the k − 1 `shares` given, rebuilds `target`
 * instead of the real secret: proof that k − 1 shares fit every secret equally (they say nothing
 * of it). `shares` are library-format shares (last byte = x).
 */
export function shareCompleting(shares: readonly Uint8Array[], target: Uint8Array, x: number): Uint8Array {
  const out = new Uint8Array(target.length + 1);
  for (let b = 0; b < target.length; b++) {
    const points: Array<[number, number]> = [[0, target[b]!], ...shares.map((s): [number, number] => [s[s.length - 1]!, s[b]!])];
    out[b] = interpolateAt(points, x);
  }
  out[target.length] = x;
  return out;
}
