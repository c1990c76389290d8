/**
 * The recording of a video or voice message (issue #17): record it in the app (MediaRecorderField:
 * explanation first, countdown, preview, re-take) or attach a file. Hands the chosen media to
 * `onChange` (null when none); the dialog keeps it on the device on save (keep-file.ts). In the
 * edit dialog, `current` is the message's recording, replaced only when a new one is chosen.
 */
import { useState } from 'react';
import type { FileRef } from '../../../shared/files/ref';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { FileDropZone } from '../../ui/FileDropZone';
import { formatFileSize } from '../../../shared/intl-format';
import { useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';
import { formatDuration } from '../../ui/file-kind';
import { FormField } from '../../ui/FormField';
import { MediaRecorderField } from '../../ui/MediaRecorderField';
import { useFileCheck } from '../../ui/keep-file';

/** A recording or file chosen in the dialog, not yet kept. `name` is absent for a recording (the dialog names it). */
export interface PendingMedia {
  blob: Blob;
  name?: string;
  durationMs?: number;
}

type How = 'record' | 'attach';

export interface MessageRecordingFieldProps {
  kind: 'video' | 'audio';
  current: FileRef | null;
  onChange: (media: PendingMedia | null) => void;
  /** Title of the toast when a file is refused (the dialog's failure, SPEC.md §8). */
  failure: string;
}

export function MessageRecordingField({ kind, current, onChange, failure }: MessageRecordingFieldProps) {
  const [how, setHow] = useState<How>('record');
  const [attached, setAttached] = useState<File | null>(null);
  const fileCheck = useFileCheck(failure);
  useMessageVaultMessages();
  const { t, language } = useT();
  const options = [
    { value: 'record', label: t(`messages.recording.record.${kind}`) },
    { value: 'attach', label: t('messages.recording.attach') },
  ] as const;
  const switchTo = (next: How) => {
    fileCheck.forget();
    setHow(next);
    setAttached(null);
    onChange(null);
  };

  return (
    <div className="flex flex-col gap-3">
      {current && (
        <p className="text-sm text-slate-700">
          {t('messages.recording.current', {
            name: current.name,
            length: current.durationMs !== undefined ? formatDuration(current.durationMs) : formatFileSize(current.size, language),
          })}
        </p>
      )}
      <ChoiceGroup legend={t(`messages.recording.legend.${kind}`)} options={options} value={how} onValueChange={switchTo} />
      {how === 'record' ? (
        <MediaRecorderField key={kind} kind={kind} onRecorded={(r) => onChange(r && { blob: r.blob, durationMs: r.durationMs })} />
      ) : (
        <FormField label={t(`messages.recording.fileLabel.${kind}`)}>
          <FileDropZone
            accept={`${kind}/*`}
            file={attached}
            onFile={(f) => {
              // Taken at once (a Save pressed before the check's answer keeps it); a refusal un-picks it.
              setAttached(f);
              onChange(f && { blob: f, name: f.name });
              void fileCheck.check(f, () => {
                setAttached(null);
                onChange(null);
              });
            }}
          />
        </FormField>
      )}
    </div>
  );
}

/** The file name of a recording for `recipient`: "Video message for Clara.webm" (extension by the recorded type). */
export function recordingName(kind: 'video' | 'audio', recipient: string, type: string): string {
  const ext = /mp4/.test(type) ? (kind === 'audio' ? 'm4a' : 'mp4') : /ogg/.test(type) ? 'ogg' : 'webm';
  const who = recipient.trim().replace(/\s+/g, ' ').slice(0, 200) || 'someone';
  return `${kind === 'video' ? 'Video' : 'Voice'} message for ${who}.${ext}`;
}
