/**
 * Records a video or voice message in the app (issue #17): first says why the camera or
 * microphone is asked for, then records with a live preview and a visible countdown to the time
 * limit (default 10 minutes, auto-stop), then plays the recording back with Re-take. The
 * recording is handed to `onRecorded` (null when dropped); the caller stores it on save. Give it
 * a `key` per kind so switching video/audio starts afresh. Keyboard focus follows the person's
 * step (WCAG 2.4.3): the button they pressed disappears, so focus moves to the next one (Stop
 * recording, then Re-take) instead of falling out of the dialog.
 */
import { useEffect, useRef } from 'react';
import { Circle, Mic, RotateCcw, Square } from 'lucide-react';
import { Button } from './Button';
import { formatDuration } from './file-kind';
import { MediaPlayer } from './MediaPlayer';
import { type RecordingKind, useMediaRecording } from './use-media-recording';
import { useObjectUrl } from './use-object-url';

export interface Recording {
  blob: Blob;
  durationMs: number;
}

export interface MediaRecorderFieldProps {
  kind: RecordingKind;
  /** The longest recording in ms (default 10 minutes). */
  limitMs?: number;
  onRecorded: (recording: Recording | null) => void;
}

/** A live camera preview (muted: the person does not hear themselves). */
function LivePreview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay muted playsInline aria-label="Camera preview" className="aspect-video w-full rounded-lg bg-slate-900" />;
}

/**
 * Focuses `target` when focus was lost with the button that just disappeared: the active element
 * is <body>, or an ancestor of the field (Radix moves a dialog's lost focus to its content), or
 * inside the field. Focus elsewhere (the person typing their note while recording) is left alone.
 */
function focusIfLost(field: HTMLElement | null, target: HTMLElement | null): void {
  const active = document.activeElement;
  if (!field || !target) return;
  if (active === null || active === document.body || active.contains(field) || field.contains(active)) target.focus();
}

export function MediaRecorderField({ kind, limitMs, onRecorded }: MediaRecorderFieldProps) {
  const rec = useMediaRecording(kind, limitMs);
  const { state } = rec;
  const field = useRef<HTMLDivElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const retakeButton = useRef<HTMLButtonElement>(null);
  const what = kind === 'video' ? 'video' : 'voice message';
  const devices = kind === 'video' ? 'camera and microphone' : 'microphone';
  const recorded = state.phase === 'recorded' ? state : null;
  const url = useObjectUrl(recorded?.blob ?? null);
  useEffect(() => {
    onRecorded(recorded ? { blob: recorded.blob, durationMs: recorded.durationMs } : null);
    // onRecorded is the caller's setter; only a new recording (or none) matters.
  }, [recorded]);
  useEffect(() => {
    if (state.phase === 'recording') focusIfLost(field.current, stopButton.current);
  }, [state.phase]);
  useEffect(() => {
    if (url) focusIfLost(field.current, retakeButton.current);
  }, [url]);

  return (
    <div ref={field} className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-4">
      {(state.phase === 'idle' || state.phase === 'asking' || state.phase === 'refused') && (
        <>
          <p className="text-sm leading-relaxed text-slate-700">
            To record a {what}, Afterword asks your browser for your {devices}. The recording stays on this device while
            you record, is encrypted here before it is uploaded, and you can play it back and re-take it before saving. A
            recording can be up to {formatDuration(rec.limitMs)} long.
          </p>
          {state.phase === 'refused' && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {state.reason}
            </p>
          )}
          <div>
            <Button type="button" variant="outline" onClick={() => void rec.start()} disabled={state.phase === 'asking'}>
              <Circle className="fill-red-600 text-red-600" aria-hidden="true" />
              {state.phase === 'asking' ? 'Waiting for permission...' : 'Start recording'}
            </Button>
          </div>
        </>
      )}
      {state.phase === 'recording' && (
        <>
          {kind === 'video' ? (
            <LivePreview stream={state.stream} />
          ) : (
            <p className="flex items-center gap-2 text-slate-800">
              <Mic className="size-5 text-red-600" aria-hidden="true" /> Listening…
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <span className="size-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" />
              Recording —{' '}
              <span role="timer" aria-label="Time left">
                {formatDuration(state.remainingMs + 999)} left
              </span>
            </p>
            <Button ref={stopButton} type="button" onClick={rec.stop}>
              <Square aria-hidden="true" />
              Stop recording
            </Button>
          </div>
        </>
      )}
      {recorded && url && (
        <>
          <MediaPlayer kind={kind} src={url} label={`Your recording, ${formatDuration(recorded.durationMs)}`} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-700">
              Recorded {formatDuration(recorded.durationMs)}. {kind === 'video' ? 'Watch it back' : 'Listen to it'}, or re-take it.
            </p>
            <Button ref={retakeButton} type="button" variant="outline" onClick={() => void rec.start()}>
              <RotateCcw aria-hidden="true" />
              Re-take
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
