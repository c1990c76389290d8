/**
 * The words of keeping a shared link in one's own account (issue 43 "or in their own account if
 * they have one"; docs/sharing.md "Keeping a link in your own account"): plain, and true about
 * who can read what. The outcomes of opening a kept link are the viewer page's own (VIEW_TEXT).
 * Still English, as the viewer's page (issue 44); the dashboard's "Shared with you" speaks the
 * person's language ('sharing', SharedWithYouCard.tsx).
 */

/** The button on the shared page. */
export const KEEP_LABEL = 'Keep in my Afterword account';
/** Over the button: what keeping does. */
export const KEEP_INTRO = 'Keep this link in your account to open it from any of your devices. It is sealed with your own keys, so Afterword cannot read it. It stays read-only and always the latest version, for as long as it is shared with you.';
/** The field for whose it is (the shared copy does not say). */
export const FROM_LABEL = 'Who shared it with you?';
export const FROM_HINT = 'Only you see this, in your list of what is shared with you.';
/** Once kept (or kept before, on this or another device). */
export const KEPT_TEXT = 'This link is kept in your account. You find it under "Shared with you" on your dashboard.';
/** The toast after keeping. */
export const KEPT_TOAST = { title: 'Kept in your account', description: 'It is under "Shared with you" on your dashboard, on all your devices.' };
/** When the keys are not open or the account is not sealed yet: keeping would send the key in plain, so it is not offered. */
export const KEEP_LOCKED_TEXT = 'To keep this link in your account, your keys must be open on this device. Reload the page and enter your password, then try again.';
/** Signed out, on the shared page. */
export const KEEP_SIGNED_OUT = { before: 'Have an Afterword account?', link: 'Sign in to keep this link in it', after: '(you come back to this page).' };
