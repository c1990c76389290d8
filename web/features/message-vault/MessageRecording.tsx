/**
 * The recording on a message card (issue #17 "Cards play the message"): a <video> or <audio>
 * player of the decrypted file (web/files useFileUrl), its length and upload state. A recording
 * made on another device is downloaded only when the person asks to play it, with progress, and
 * then stays on this device.
 */
import { useState } from 'react';
import { Play } from 'lucide-react';
import type { FileRef } from '../../../shared/files/ref';
import { useAttachment, useFileUrl } from '../../files';
import { formatFileSize } from '../../../shared/intl-format';
import { useT } from '../../i18n/i18n';
import { useMessageVaultMessages } from './messages';
import { AttachmentStatus } from '../../ui/AttachmentStatus';
import { Button } from '../../ui/Button';
import { formatDuration, mediaKind } from '../../ui/file-kind';
import { MediaPlayer } from '../../ui/MediaPlayer';
import { Progress } from '../../ui/Progress';

function Player({ file, kind, label }: { file: FileRef; kind: 'video' | 'audio'; label: string }) {
  const { t } = useT();
  const { url, progress, error } = useFileUrl(file);
  if (error) return <p className="text-sm text-red-700">{t('messages.recording.cannotPlay', { error })}</p>;
  if (!url)
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Progress value={Math.round(progress * 100)} label={t('messages.recording.downloading', { name: file.name })} className="flex-1" />
        <span className="w-10 shrink-0 text-end tabular-nums">{Math.round(progress * 100)}%</span>
      </div>
    );
  return <MediaPlayer kind={kind} src={url} label={label} />;
}

/**
 * The player a message's recording needs. The message's type says it: a voice message recorded in
 * the browser is a webm whose content reads as video/webm (its container does not tell audio
 * from video), and would otherwise show as an empty video frame named "Video message". The file's
 * type decides only for a message of another type.
 */
export function recordingKind(messageType: string, mimeType: string): 'video' | 'audio' {
  if (messageType === 'audio' || messageType === 'video') return messageType;
  return mediaKind(mimeType) ?? 'video';
}

export function MessageRecording({ file, recipientName, messageType }: { file: FileRef; recipientName: string; messageType: string }) {
  useMessageVaultMessages();
  const { t, language } = useT();
  const attachment = useAttachment(file);
  const [asked, setAsked] = useState(false);
  const kind = recordingKind(messageType, file.mimeType);
  const length = file.durationMs !== undefined ? formatDuration(file.durationMs) : formatFileSize(file.size, language);
  const words = { name: recipientName, length };
  return (
    <div className="flex flex-col gap-2">
      {attachment.state === 'remote' && !asked ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAsked(true)} aria-label={t(`messages.recording.playLabel.${kind}`, words)}>
          <Play aria-hidden="true" />
          {t('messages.recording.play', { length })}
        </Button>
      ) : (
        <Player file={file} kind={kind} label={t(`messages.recording.label.${kind}`, words)} />
      )}
      <AttachmentStatus file={file} />
    </div>
  );
}
