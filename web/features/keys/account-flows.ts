/**
 * What the Login and Register pages run (shared/crypto/README.md "Keys"; SECURITY.md "Sealed
 * from the server"): sign-in.ts with the app's services, then the key session opened, so sync
 * starts sealed. Registration writes the new profile on this device (its sealed fields never
 * travel in plaintext: the engine seals them). The pages add the words and the navigation.
 */
import type { ServerKeys } from '../../../shared/crypto/account-setup';
import { emailNameOf } from '../../../shared/profile-email-name';
import type { User } from '../../../shared/schema';
import type { UserDatabase } from '../../db/user-database';
import type { KeySessionDeps, KeySessionState } from './key-session';
import { registerWithKeys, signInWithKeys, upgradeOlderAccount, type SignedIn } from './sign-in';

/** The profile the register form collects (SPEC.md §5), without the password. */
export interface NewProfile {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
}

interface FlowDeps extends KeySessionDeps {
  session: () => KeySessionState;
  openDb: (userId: string) => Promise<UserDatabase>;
}

/**
 * Where a sign-up or sign-in has got to, for the words the form shows while the person waits
 * (issue 38 item 5): `keys` while the password is stretched on this device (Argon2id, about a
 * second, longer on a phone), `server` while the server answers, `plan` while this device's
 * keys and plan are opened.
 */
export type SignInStep = 'keys' | 'server' | 'plan';
type OnStep = (step: SignInStep) => void;

/** `deps` whose derive reports `keys` as it starts and `server` once it is done. */
function reporting<D extends FlowDeps>(deps: D, onStep: OnStep): D {
  return {
    ...deps,
    derive: async (password, params) => {
      onStep('keys');
      const keys = await deps.derive(password, params);
      onStep('server');
      return keys;
    },
  };
}

type UserWithKeys = User & { keys?: (ServerKeys & Record<string, unknown>) | null };

/** The user object without its keys (the session and the "last user" on the device keep no keys). */
const withoutKeys = ({ keys: _keys, ...user }: UserWithKeys): User => user;

/**
 * Writes a new account's whole profile record into its database on this device (SPEC.md §5
 * registration fields, no values yet): sync pushes it, the sealed fields sealed. Its plain name for
 * e-mails to trustees and recipients is the full name (issue 38 item 8 d; the Profile page offers
 * "First name only"): shared/profile-email-name.ts.
 */
export async function writeNewProfile(db: UserDatabase, userId: string, p: Omit<NewProfile, 'username'>): Promise<void> {
  const emailName = emailNameOf(p.firstName, p.lastName, 'full');
  await db.write('profile', userId, { firstName: p.firstName, lastName: p.lastName, email: p.email, values: [], profileCompletion: 0, emailName });
}

/**
 * Registers with keys, writes the profile on the device and opens the key session. Returns the
 * user (for completeSignIn) and the recovery code to show in the kit; `onStep` hears each SignInStep. Throws the API's errors.
 */
export async function registerAccount(deps: FlowDeps, profile: NewProfile, password: string, onStep: OnStep = () => {}): Promise<{ user: User; code: string }> {
  const made = await registerWithKeys<UserWithKeys>(reporting(deps, onStep), { ...profile }, password);
  onStep('plan');
  const db = await deps.openDb(made.user.id);
  await writeNewProfile(db, made.user.id, profile);
  await deps.session().restore(made.user.id);
  const user = { ...withoutKeys(made.user), lastName: profile.lastName, values: [], profileCompletion: 0, emailName: emailNameOf(profile.firstName, profile.lastName, 'full') } as User;
  return { user, code: made.code! };
}

/**
 * Signs in with keys (the login secret only: sign-in.ts signInWithKeys) and opens the key session;
 * `onStep` hears each SignInStep.
 * `kdfNote` is set when the account's KDF is PBKDF2, accepted on this new device: show it once.
 * Throws the API's 401 for a wrong password, DeviceRefusal (refusal.ts) for a server answer this
 * device refuses (`kdf: null`, weaker KDF parameters): nothing usable was sent.
 */
export async function signInAccount(deps: FlowDeps, identifier: string, password: string, onStep: OnStep = () => {}): Promise<{ user: User; code: string | null; kdfNote: string | null }> {
  return opened(deps, await signInWithKeys<UserWithKeys>(reporting(deps, onStep), identifier, password), onStep);
}

/**
 * "Upgrade an older account" (sign-in.ts upgradeOlderAccount): the deliberate step that sends the
 * password of an account made before keys once, sets up its keys and opens the key session; `code`
 * is the new recovery code (null when another device had just set them up). The words are then
 * sealed on this device by web/sync/lifecycle.ts (key-effects.ts sealExisting) before sync goes on.
 */
export async function upgradeAccount(deps: FlowDeps, identifier: string, password: string): Promise<{ user: User; code: string | null; kdfNote: string | null }> {
  return opened(deps, await upgradeOlderAccount<UserWithKeys>(deps, identifier, password));
}

/** Opens the key session of a signed-in account (`onStep` hears `plan`); what the pages need of it. */
async function opened(deps: FlowDeps, signed: SignedIn<UserWithKeys>, onStep: OnStep = () => {}): Promise<{ user: User; code: string | null; kdfNote: string | null }> {
  onStep('plan');
  await deps.session().restore(signed.user.id);
  return { user: withoutKeys(signed.user), code: signed.code, kdfNote: signed.kdfNote ?? null };
}
