/**
 * The server's VAPID key pair for Web Push (RFC 8292; push/sender.ts): from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY (both, base64url, as `npx web-push generate-vapid-keys` prints them), else
 * generated once into DATA_DIR/vapid-keys.json (mode 0600), like the session secret. With
 * DATABASE_URL (several instances) a key generated per instance would differ, so the keys must
 * come from the environment there; without them push is off and e-mail remains.
 * VAPID_SUBJECT (a `mailto:` or `https:` contact for push services) defaults to PUBLIC_URL when it
 * is https, else `mailto:webpush@afterword.invalid`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The keys under `env` and `dataDir`, or null (push off). Throws an Error naming the variable when only one key is set. */
export function loadVapidKeys(dataDir: string, env: NodeJS.ProcessEnv): VapidKeys | null {
  const subject = env.VAPID_SUBJECT || (env.PUBLIC_URL?.startsWith('https://') ? env.PUBLIC_URL : 'mailto:webpush@afterword.invalid');
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https:// URL');
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv } = env;
  if (pub || priv) {
    if (!pub || !priv) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    return { publicKey: pub, privateKey: priv, subject };
  }
  if (env.DATABASE_URL) return null;
  const file = join(dataDir, 'vapid-keys.json');
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
