/**
 * Recording a voice or video message in the browser (issue #17 "record in the app: MediaRecorder;
 * ask for camera or microphone with a clear explanation; preview, re-take, a visible time limit,
 * default 10 minutes"). A React hook over getUserMedia + MediaRecorder: `start()` asks for the
 * devices and records, `stop()` ends it, and the recording stops by itself when `limitMs` runs
 * out. Everything stays in memory on the device; the caller stores the Blob (web/files addFile).
 * The devices are released (camera light off) on stop, on error and on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type RecordingKind = 'video' | 'audio';

/** The default longest recording: 10 minutes (issue #17). */
export const DEFAULT_RECORDING_LIMIT_MS = 10 * 60 * 1000;

export type RecordingState =
  | { phase: 'idle' }
  /** Waiting for the browser's permission prompt. */
  | { phase: 'asking' }
  /** The devices could not be used: `reason` says why, for the person. */
  | { phase: 'refused'; reason: string }
  | { phase: 'recording'; stream: MediaStream; remainingMs: number }
  | { phase: 'recorded'; blob: Blob; durationMs: number };

/**
 * Containers in order of preference: MP4 (H.264/AAC) first, because every recipient's phone plays
 * it (a WebM recording does not play on older iPhones: issue "Promises kept", finding 9); WebM
 * where the browser cannot record MP4 (Chromium without proprietary codecs, Firefox).
 */
const CANDIDATE_TYPES: Record<RecordingKind, string[]> = {
  video: ['video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4', 'video/webm;codecs=vp8,opus', 'video/webm'],
  audio: ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'],
};

/** The container this browser records best for recipients (see CANDIDATE_TYPES), or '' for its default. */
export function recordingType(kind: RecordingKind, supports: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t)): string {
  return CANDIDATE_TYPES[kind].find(supports) ?? '';
}

const deviceWords = (kind: RecordingKind) => (kind === 'video' ? 'camera and microphone' : 'microphone');

/** Why getUserMedia failed, in words for the person (DOMException names of the Media Capture spec). */
export function refusalReason(kind: RecordingKind, err: unknown): string {
  const devices = deviceWords(kind);
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return `Permission to use the ${devices} was refused. You can allow it in your browser's site settings, or attach a file instead.`;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return `No ${kind === 'video' ? 'camera or microphone' : 'microphone'} was found on this device. Attach a file instead.`;
  if (name === 'NotReadableError') return `The ${devices} is in use by another app. Close it and try again, or attach a file instead.`;
  return `The ${devices} could not be started. Attach a file instead.`;
}

/** See the module comment. `limitMs` is the longest recording (default 10 minutes). */
export function useMediaRecording(kind: RecordingKind, limitMs: number = DEFAULT_RECORDING_LIMIT_MS) {
  const [state, setState] = useState<RecordingState>({ phase: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    release();
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setState({ phase: 'refused', reason: 'This browser cannot record here. Attach a file instead.' });
      return;
    }
    setState({ phase: 'asking' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia(kind === 'video' ? { video: true, audio: true } : { audio: true });
    } catch (err) {
      setState({ phase: 'refused', reason: refusalReason(kind, err) });
      return;
    }
    stream.current = media;
    const mimeType = recordingType(kind);
    const rec = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    let startedAt = 0;
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      const durationMs = Math.min(Math.round(performance.now() - startedAt), limitMs);
      release();
      recorder.current = null;
      const type = rec.mimeType || mimeType || `${kind}/webm`;
      setState({ phase: 'recorded', blob: new Blob(chunks, { type }), durationMs });
    };
    recorder.current = rec;
    rec.start(1000);
    startedAt = performance.now();
    setState({ phase: 'recording', stream: media, remainingMs: limitMs });
    timer.current = setInterval(() => {
      const remainingMs = limitMs - (performance.now() - startedAt);
      if (remainingMs <= 0) stop();
      else setState((s) => (s.phase === 'recording' ? { ...s, remainingMs } : s));
    }, 250);
  }, [kind, limitMs, release, stop]);

  /** Back to the start (the recording is dropped, the devices released). */
  const reset = useCallback(() => {
    if (recorder.current) recorder.current.onstop = null;
    stop();
    release();
    recorder.current = null;
    setState({ phase: 'idle' });
  }, [release, stop]);

  useEffect(
    () => () => {
      // Leaving (dialog closed): drop any recording in progress and free the camera.
      if (recorder.current) recorder.current.onstop = null;
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      release();
    },
    [release],
  );

  return { state, start, stop, reset, limitMs };
}
