import { describe, expect, it } from 'vitest';
import { refusalReason } from '../../ui/use-media-recording';
import { recordingName } from './MessageRecordingField';

describe('recordings in the Message Vault (issue #17)', () => {
  it('names a recording for its recipient, with the extension of the recorded container', () => {
    expect(recordingName('video', 'Clara', 'video/webm;codecs=vp8,opus')).toBe('Video message for Clara.webm');
    expect(recordingName('audio', '  Henry   Ford ', 'audio/mp4')).toBe('Voice message for Henry Ford.m4a');
    expect(recordingName('video', '', 'video/mp4')).toBe('Video message for someone.mp4');
    expect(recordingName('audio', 'Bea', 'audio/ogg;codecs=opus')).toBe('Voice message for Bea.ogg');
  });

  it('explains in plain words why the camera or microphone could not be used', () => {
    const denied = new DOMException('Permission denied', 'NotAllowedError');
    expect(refusalReason('video', denied)).toBe(
      "Permission to use the camera and microphone was refused. You can allow it in your browser's site settings, or attach a file instead.",
    );
    expect(refusalReason('audio', new DOMException('x', 'NotFoundError'))).toBe('No microphone was found on this device. Attach a file instead.');
    expect(refusalReason('audio', new DOMException('x', 'NotReadableError'))).toMatch(/in use by another app/);
    expect(refusalReason('video', new Error('boom'))).toBe('The camera and microphone could not be started. Attach a file instead.');
  });
});
