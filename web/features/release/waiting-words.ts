/**
 * The waiting-period banner's sentence (ReleaseBanners.tsx), in the language shown: what happens
 * when the period ends on `when` (words), in the owner's e-mails' terms (sync-server/release/emails.ts)
 * — with trustee kits in use the end of the wait asks the trustees to confirm first
 * (release/state-machine.ts). Not "sent" nor "given access" (released-words.test.ts says why).
 */
import { t } from '../../i18n/i18n';
import './messages'; // the 'release' namespace's words

export const waitingEndsText = (when: string): string => t('release.waitingEnds', { when });
