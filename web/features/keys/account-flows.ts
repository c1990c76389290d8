/**
 * What the Login and Register pages run (shared/crypto/README.md "Keys"; SECURITY.md "Sealed
 * from the server"): sign-in.ts with the app's services, then the key session opened, so sync
 * starts sealed. Registration writes the new profile on this device (its sealed fields never
 * travel in plaintext: the engine seals them). The pages add the words and the navigation.
 */
import type { ServerKeys } from '../../../shared/crypto/account-setup';
import type { User } from '../../../shared/schema';
import type { UserDatabase } from '../../db/user-database';
import type { KeySessionDeps, KeySessionState } from './key-session';
import { registerWithKeys, signInWithKeys } from './sign-in';

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
 * registration fields, no values yet): sync pushes it, the sealed fields sealed.
 */
export async function writeNewProfile(db: UserDatabase, userId: string, p: Omit<NewProfile, 'username'>): Promise<void> {
  await db.write('profile', userId, { firstName: p.firstName, lastName: p.lastName, email: p.email, values: [], profileCompletion: 0 });
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
  const user = { ...withoutKeys(made.user), lastName: profile.lastName, values: [], profileCompletion: 0 } as User;
  return { user, code: made.code! };
}

/**
 * Signs in with keys (a legacy account: its password once more, then keys set up — `code` is
 * then the new recovery code) and opens the key session; `onStep` hears each SignInStep. Throws the API's 401 for a wrong password.
 */
export async function signInAccount(deps: FlowDeps, identifier: string, password: string, onStep: OnStep = () => {}): Promise<{ user: User; code: string | null }> {
  const signed = await signInWithKeys<UserWithKeys>(reporting(deps, onStep), identifier, password);
  onStep('plan');
  await deps.session().restore(signed.user.id);
  // COORDINATOR (engineer `migrate`): when `signed.code` is set, a legacy account just got keys:
  // call sealAccountData (web/features/keys/migrate.ts) here, before sync pushes anything more.
  // COORDINATOR (engineer `relkeys`): depositEscrow (web/features/keys/escrow-deposit.ts) once the
  // key session is open, i.e. here and after registerAccount's restore.
  return { user: withoutKeys(signed.user), code: signed.code };
}
