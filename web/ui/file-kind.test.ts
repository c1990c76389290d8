import { describe, expect, it } from 'vitest';
import { formatDuration, isInlineViewable, isPreviewImage, mediaKind } from './file-kind';

describe('file-kind (issue #17)', () => {
  it('opens inline only PDFs and raster images, never markup that runs script', () => {
    expect(isInlineViewable('application/pdf')).toBe(true);
    expect(isInlineViewable('image/png')).toBe(true);
    for (const t of ['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml', 'video/webm', 'IMAGE/SVG+XML']) {
      expect(isInlineViewable(t), t).toBe(false);
    }
    expect(isPreviewImage('application/pdf')).toBe(false);
    expect(isPreviewImage('Image/JPEG')).toBe(true);
  });

  it('picks the player of a recording by its type, parameters ignored', () => {
    expect(mediaKind('video/webm;codecs=vp8,opus')).toBe('video');
    expect(mediaKind('audio/ogg')).toBe('audio');
    expect(mediaKind('application/pdf')).toBe(null);
  });

  it('formats durations for people', () => {
    expect(formatDuration(3_200)).toBe('0:03');
    expect(formatDuration(600_000)).toBe('10:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
