import { describe, expect, it } from 'vitest';
import { recordingType } from './use-media-recording';

describe('what a recording is saved as', () => {
  it('MP4 where the browser can record it (every phone plays it), else WebM, else the browser default', () => {
    const all = () => true;
    expect(recordingType('video', all)).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(recordingType('audio', all)).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(recordingType('video', (t) => t.startsWith('video/webm'))).toBe('video/webm;codecs=vp8,opus');
    expect(recordingType('audio', () => false)).toBe('');
  });
});
