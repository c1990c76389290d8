/**
 * What a released plan means, in the owner's words (Settings' readiness card, the Notifications
 * menu): the trustees were told, and each message goes the way its owner chose — on its date if it
 * has one, by Afterword's e-mail or by the trustee chosen to hand it over (shared/delivery-rule.ts,
 * README.md "How each message reaches its recipient"). Not "sent" nor "given access": a dated
 * message waits, a hand-over is the trustee's, and without trustee kits in use trustees open
 * nothing sealed (shared/release/without-kits.ts). Still English (docs/i18n.md): the screens
 * quoting it load with the signed-in start, which does not carry the 'release' namespace.
 */
export const RELEASED_WORDS = 'your trustees were told, and your messages reach their recipients as you chose, each on its date if it has one';
