/**
 * The words of the viewer's page of a shared item (SharedPage.tsx; docs/sharing.md): each outcome
 * that is not an open item, and the line under an open one's title. Still English (issue 44: the
 * public pages move on their own; the owner's sharing words are in share-words.ts, 'sharing').
 */
import { formatLongDate } from '../../../shared/labels';
import type { SharedView } from './viewer';

/** The viewer page's words for each outcome that is not an open item. */
export const VIEW_TEXT: Record<Exclude<SharedView['kind'], 'open'>, { title: string; body: string }> = {
  stopped: { title: 'Sharing stopped', body: 'This link no longer opens anything. The person who shared it stopped sharing.' },
  gone: { title: "This link isn't available", body: 'It opens nothing yet, or any more. If it was shared with you only just now, the sender’s device may not have been online since: try again later. Check too that you copied the whole link, or ask the person who sent it.' },
  'bad-link': { title: 'This link is incomplete', body: 'Part of its key is missing. Copy the whole link, including everything after the # sign, and open it again.' },
  tampered: { title: 'This could not be opened', body: 'What the server sent does not open with this link: it may have been changed on the way. Nothing of it is shown. Ask the person who shared it to send the link again.' },
  busy: { title: 'Please wait a few minutes', body: 'This link was opened many times in a short while, so Afterword is resting it for a moment. Nothing is wrong with it. Try again in a few minutes.' },
  unreachable: { title: 'Afterword could not be reached', body: 'Check your connection and try again.' },
};

/** The line under a shared document's title on the viewer's page. */
export const sharedWithText = (name: string, updatedAt: string) =>
  `Shared with ${name || 'you'}. This is read-only and always the latest version${updatedAt ? `, last changed ${formatLongDate(updatedAt)}` : ''}.`;
