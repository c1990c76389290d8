/**
 * The words of keeping a shared link in one's own account (issue 43 "or in their own account if
 * they have one"; docs/sharing.md "Keeping a link in your own account"): plain, and true about
 * who can read what. The outcomes of opening a kept link are the viewer page's own (VIEW_TEXT).
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

/** The dashboard section's heading and its line. */
export const SHARED_WITH_YOU = 'Shared with you';
export const SHARED_WITH_YOU_INTRO = 'Links other people shared with you and you kept. Each opens read-only, always the latest version.';
/** Whose it is, in the person's own words. */
export const fromText = (from: string) => (from ? `Shared by ${from}` : 'Shared with you');
/** The remove button's accessible name, and what removing does. */
export const removeLabel = (title: string) => `Remove "${title}" from your list`;
/** Asked before removing: the kept link may be the person's only copy of it. */
export const removeAsk = (title: string, from: string) => ({
  title: `Remove "${title}" from your list?`,
  description: `If you have no other copy of its link, you cannot open it again unless ${from || 'the person who shared it'} sends it to you again.`,
  confirmLabel: 'Remove',
  destructive: true,
});
export const removedToast = (title: string) => ({ title: 'Removed from your list', description: `"${title}" is no longer kept in your account. The link itself still opens for as long as it is shared.` });
