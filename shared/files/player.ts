/**
 * Which player a release page shows for a message's file (DESIGN.md §8; web/release/).
 */

/**
 * The player a recipient's page shows for a message's file: the message's own type decides
 * between audio and video (a voice message recorded in a browser is `video/webm` by content, and
 * a <video> of it is an empty frame); a file that is neither audio nor video gets no player.
 * `detectedType` is the type found by content (shared/files/types.ts).
 */
export function mediaPlayerFor(messageType: string, detectedType: string): 'audio' | 'video' | null {
  if (!detectedType.startsWith('audio/') && !detectedType.startsWith('video/')) return null;
  if (messageType === 'audio') return 'audio';
  if (messageType === 'video') return 'video';
  return detectedType.startsWith('video/') ? 'video' : 'audio';
}
