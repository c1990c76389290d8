/**
 * The recording on a message card (issue #17 "Cards play the message"): a <video> or <audio>
 * player of the decrypted file (web/files useFileUrl), its length and upload state. A recording
 * made on another device is downloaded only when the person asks to play it, with progress, and
 * then stays on this device.
 */
import { useState } from 'react';
import { Play } from 'lucide-react';
import type { FileRef } from '../../../shared/files/ref';
import { formatBytes, useAttachment, useFileUrl } from '../../files';
import { AttachmentStatus } from '../../ui/AttachmentStatus';
import { Button } from '../../ui/Button';
import { formatDuration, mediaKind } from '../../ui/file-kind';
import { MediaPlayer } from '../../ui/MediaPlayer';
import { Progress } from '../../ui/Progress';

function Player({ file, kind, label }: { file: FileRef; kind: 'video' | 'audio'; label: string }) {
  const { url, progress, error } = useFileUrl(file);
  if (error) return <p className="text-sm text-red-700">The recording cannot be played: {error}</p>;
  if (!url)
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Progress value={Math.round(progress * 100)} label={`Downloading ${file.name}`} className="flex-1" />
        <span className="w-10 shrink-0 text-right tabular-nums">{Math.round(progress * 100)}%</span>
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
  const attachment = useAttachment(file);
  const [asked, setAsked] = useState(false);
  const kind = recordingKind(messageType, file.mimeType);
  const label = `${kind === 'video' ? 'Video' : 'Voice'} message for ${recipientName}`;
  const length = file.durationMs !== undefined ? formatDuration(file.durationMs) : formatBytes(file.size);
  return (
    <div className="flex flex-col gap-2">
      {attachment.state === 'remote' && !asked ? (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAsked(true)} aria-label={`Play ${kind === 'video' ? 'video' : 'voice'} message for ${recipientName} (${length})`}>
          <Play aria-hidden="true" />
          Play recording ({length})
        </Button>
      ) : (
        <Player file={file} kind={kind} label={`${label} (${length})`} />
      )}
      <AttachmentStatus file={file} />
    </div>
  );
}
