/**
 * What the device says when it refuses a server's answer (refusal.ts DeviceRefusal; SECURITY.md
 * "What this device pins"): what the server claimed, that nothing was sent, and what to do.
 */

const TELL = 'Please tell whoever runs your Afterword server, and do not type your password anywhere else until they have looked.';

/** Prelogin answered `kdf: null` on a device that knows nothing of the account: one made before keys, or a server that lies. */
export const NO_KEYS_WORDS = `Your server answered as if your account had no keys. Nothing was sent. If your account was made before Afterword sealed what you write, use “Upgrade an older account” below the sign-in form. If not, your server may be damaged or not telling the truth. ${TELL}`;

/** The label of the reset page's deliberate choice for an account made before keys (ResetPasswordPage.tsx). */
export const OLDER_ACCOUNT_CHOICE = 'My account was made before Afterword sealed what I write';

/** A reset link's check answered "no keys" on a device that knows nothing of the account, and the person did not choose OLDER_ACCOUNT_CHOICE. */
export const RESET_NO_KEYS_WORDS = `Your server answered as if your account had no keys. Nothing was sent. If your account was made before Afterword sealed what you write, tick “${OLDER_ACCOUNT_CHOICE}” and try again: your new password is then sent once, as such an account needs. If not, your server may be damaged or not telling the truth. ${TELL}`;

/** This device has held the account's keys, and the server answered as if there were none. */
export const KNOWN_KEYS_WORDS = `Your server answered as if your account had no keys. Nothing was sent. This device knows your account has keys: it keeps them and goes on sealing what you write. ${TELL}`;

/** This device saw the account's words sealed, and the server answered as if they were not (`sealedAt: null`). */
export const NOT_SEALED_WORDS = `Your server answered as if your words were not sealed. Nothing was sent. This device knows they are: it keeps your keys and goes on sealing what you write. ${TELL}`;

/** The server asked for a weaker password protection (KDF) than this device accepts for the account. */
export const WEAK_KDF_WORDS = `Your server asked this device to protect your password more weakly than before. Nothing was sent. This device refuses, so your password stays hard to guess. ${TELL}`;

/** The server offered an account key older than one this device has already seen. */
export const OLD_KEY_WORDS = `Your server offered an older key of your account than this device has already seen. Nothing was sent. This device keeps the newer one. ${TELL}`;

/** "Upgrade an older account" for an account the server says has keys: the password is not sent. */
export const NEEDS_NO_UPGRADE_WORDS = 'This account does not need upgrading. Nothing was sent. Please sign in on the usual sign-in page.';

/** A new device accepts PBKDF2 (chosen once by the device that made the account) and says so. */
export const PBKDF2_NOTE = 'Your password is protected with PBKDF2, an older method chosen by the device that made your account. It is accepted here, but a long password matters more with it.';

/** The server answered as if its spare key to the messages were still needed, after this device learned that enough trustee kits were handed over. */
export const ESCROW_KEPT_WORDS = `Your server answered as if it still needed a spare key to your messages, but this device knows enough trustee kits were handed over. Nothing was sent. This device asked the server to delete any spare key it still holds. ${TELL}`;

/** The server's list of how messages are delivered differs from the owner's own sealed choices. */
export const HANDOVER_MISMATCH_WORDS = `Your server’s list of how your messages are delivered does not match your own choices: a message you asked a trustee to hand over is missing or listed as sent by Afterword. Nothing was sent. Your choices stay as you made them. ${TELL}`;

/** The button beside an address whose sealed copy was refused (SealAddressButton.tsx; address-copies.ts resealAddress). */
export const SEAL_ADDRESS_LABEL = 'Seal this address';

/** What the address shown is when its copy was refused: the copy this device kept (`keptOwn`), else the server's. */
const shownAddress = (keptOwn: boolean, whose: string) =>
  keptOwn
    ? `Your server did not give back your newest sealed copy of ${whose} address, so the address shown is the copy this device kept, which may be older than your last change.`
    : `Your server did not give back your own sealed copy of ${whose} address, so the address shown is your server’s and could not be checked.`;

/** The one action that writes a fresh copy of the address shown (resealAddress), said the same way for trustees and letters. */
const SEAL_IF_RIGHT = `If it is right, choose “${SEAL_ADDRESS_LABEL}”: this device seals it again as your own word.`;

/**
 * A trustee's address whose sealed copy (the owner's own word, shared/sync/record.ts addOwnerCopies) the
 * server left out or served older: the address cannot be checked, so the kit is not sent or printed.
 * `keptOwn`: this device still holds its own earlier copy (the address shown), else the address is the server's.
 */
export const KIT_ADDRESS_UNCHECKED_WORDS = (name: string, keptOwn: boolean) =>
  `${shownAddress(keptOwn, `${name}’s e-mail`)} Nothing was sent. ${SEAL_IF_RIGHT} If not, open ${name} on the Trustees screen, type the right address and save. Then hand over the kit. ${TELL}`;

/** A letter's address whose sealed copy the server left out or served older (address-check.ts): shown, but not vouched for. `keptOwn` as for KIT_ADDRESS_UNCHECKED_WORDS. */
export const ADDRESS_UNCHECKED_WORDS = (keptOwn: boolean) =>
  `${shownAddress(keptOwn, 'this letter’s')} ${SEAL_IF_RIGHT} If not, edit this message, type the right address and save. ${TELL}`;

/** A reset link's check named an account this device has no pin for, with weaker protection (or none) than the accounts it knows. */
export const OTHER_ACCOUNT_WORDS = `Your server says this link is for an account this device has never signed in to, and asks for weaker protection of your password than this device uses. Nothing was sent. Open the link on a device where you have signed in before, or ask for a new link. ${TELL}`;

/** Said once this device gave `n` addresses written before sealed copies existed their copy (address-copies.ts). */
export const OLDER_ADDRESSES_WORDS = (n: number) =>
  `${n === 1 ? 'One e-mail address' : `${n} e-mail addresses`} of your trustees or letters ${n === 1 ? 'was' : 'were'} written before Afterword kept your own sealed copy of each address. This device has now sealed ${n === 1 ? 'it' : 'them'} as your server gives ${n === 1 ? 'it' : 'them'} today, so a later change by the server will be noticed. Please look over your trustees’ and letters’ addresses once, and correct any that is wrong.`;
