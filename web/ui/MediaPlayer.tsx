/**
 * A <video> or <audio> player with controls for a recording (issue #17 "Cards play the
 * message"). Recordings made by Chromium's MediaRecorder are webm files without a duration in
 * their header: the browser reports `duration` Infinity until it has seen the end, so the seek
 * bar is useless. `revealDuration` seeks far past the end once, which makes the browser find the
 * real duration, and then returns to the start.
 */
import { type SyntheticEvent } from 'react';
import { cn } from './cn';

/**
 * When `media.duration` is Infinity (a MediaRecorder webm), seeks past the end so the browser
 * computes the duration, then back to 0. Does nothing for a file whose duration is known.
 */
export function revealDuration(media: HTMLMediaElement): void {
  if (media.duration !== Infinity) return;
  const back = () => {
    media.removeEventListener('timeupdate', back);
    media.currentTime = 0;
  };
  media.addEventListener('timeupdate', back);
  media.currentTime = Number.MAX_SAFE_INTEGER;
}

export interface MediaPlayerProps {
  kind: 'video' | 'audio';
  /** An object URL (or any same-origin URL) of the recording. */
  src: string;
  /** Accessible name, e.g. "Video message for Clara". */
  label: string;
  className?: string;
}

export function MediaPlayer({ kind, src, label, className }: MediaPlayerProps) {
  const onMeta = (e: SyntheticEvent<HTMLMediaElement>) => revealDuration(e.currentTarget);
  return kind === 'video' ? (
    <video
      src={src}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onLoadedMetadata={onMeta}
      className={cn('aspect-video w-full rounded-lg bg-slate-900', className)}
    />
  ) : (
    <audio src={src} controls preload="metadata" aria-label={label} onLoadedMetadata={onMeta} className={cn('w-full', className)} />
  );
}
