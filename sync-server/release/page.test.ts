import { describe, expect, it } from 'vitest';
import { mediaPlayerFor } from '../../shared/files/player';

describe("the recipient page's player (issue #17)", () => {
  it('a voice message recorded as video/webm plays in an audio player, not an empty video frame', () => {
    expect(mediaPlayerFor('audio', 'video/webm')).toBe('audio');
    expect(mediaPlayerFor('video', 'video/webm')).toBe('video');
    expect(mediaPlayerFor('video', 'audio/ogg')).toBe('video');
    expect(mediaPlayerFor('text', 'audio/mpeg')).toBe('audio');
    expect(mediaPlayerFor('audio', 'application/pdf')).toBeNull();
  });
});
