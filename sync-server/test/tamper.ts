/**
 * Test support: a sealed string (an envelope, a copy: base64url at its end) changed in one place,
 * as a hostile server or a damaged disk would: its third character from the end replaced by another
 * one, always a different one (the character there carries whole bits of the ciphertext or its
 * tag, so opening it must fail). Before, two tests chose the new character by the string's LAST
 * character and, one time in 64, wrote back the same one: nothing changed and the test failed.
 */
export function tamperedEnvelope(sealed: string): string {
  const at = sealed.length - 3;
  return `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
}
