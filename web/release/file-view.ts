/**
 * How a release page shows a file (DESIGN.md §8): a button (or, for a recipient's recording, at
 * once) decrypts it in the browser (files.ts), then shows it inline when it is audio, video, a
 * raster image or a PDF, and always offers it as a download under its own name. Audio and video
 * stream through the release pages' service worker when it can be had (stream.ts), else open whole.
 * Its words are the page's language's (words.ts).
 */
import { formatFileSize } from '../../shared/intl-format';
import type { PageFile } from '../../shared/release/pages';
import { h, say } from './dom';
import { FileOpenError, inlineKind, openFile } from './files';
import { streamUrl } from './stream';
import { saveFile } from '../features/export/save-file';
import { pageLanguage, t } from './words';

/**
 * The element for `file`. `player` forces audio or video (a voice message recorded as video/webm
 * plays in an <audio>, shared/files/player.ts); `autoOpen` opens it without a press;
 * `openLabel` names the button.
 */
export function fileView(file: PageFile, opts: { player?: 'audio' | 'video' | null; autoOpen?: boolean; openLabel: string }): HTMLElement {
  const box = h('div', { class: 'file' });
  const button = h('button', { type: 'button', class: 'small' }, opts.openLabel);
  const open = async () => {
    button.disabled = true;
    say(t('releasePage.file.opening', { name: file.name }));
    try {
      const kind = opts.player ?? inlineKind(file.type);
      // Audio and video stream through the release pages' worker, chunk by chunk (stream.ts).
      const src = kind === 'audio' || kind === 'video' ? await streamUrl(file) : null;
      if (src) {
        show(kind, src, null);
        return say(t('releasePage.file.readyToPlay', { name: file.name }));
      }
      const blob = await openFile(file, (done, total) => total > 1 && say(t('releasePage.file.openingPercent', { name: file.name, percent: String(Math.round((done / total) * 100)) })));
      const url = URL.createObjectURL(blob);
      show(kind, url, url);
      say(t('releasePage.file.isOpen', { name: file.name }));
    } catch (err) {
      button.disabled = false;
      say(err instanceof FileOpenError ? err.message : t('releasePage.file.notOpened', { name: file.name }), 'error');
    }
  };
  /**
   * Replaces the button with the file shown inline (when `kind` allows) and its download: a link
   * to `downloadUrl`, or (a streamed recording, `null`) a button that opens the file whole and saves it.
   */
  const show = (kind: ReturnType<typeof inlineKind>, url: string, downloadUrl: string | null) => {
    const shown =
      kind === 'video' ? h('video', { controls: true, preload: 'metadata', src: url, 'aria-label': file.name })
      : kind === 'audio' ? h('audio', { controls: true, preload: 'metadata', src: url, 'aria-label': file.name })
      : kind === 'image' ? h('img', { class: 'shown', src: url, alt: file.name })
      : kind === 'pdf' ? h('iframe', { class: 'pdf', src: url, title: file.name })
      : null;
    box.replaceChildren(
      ...(shown ? [shown] : []),
      h('p', {}, downloadUrl ? h('a', { href: downloadUrl, download: file.name }, t('releasePage.file.download', { name: file.name })) : downloadButton(), ' ', h('span', { class: 'muted' }, `(${formatFileSize(file.size, pageLanguage())})`)),
    );
  };
  const downloadButton = () => {
    const b = h('button', { type: 'button', class: 'small' }, t('releasePage.file.download', { name: file.name }));
    b.addEventListener('click', async () => {
      b.disabled = true;
      say(t('releasePage.file.preparing', { name: file.name }));
      try {
        await saveFile(await openFile(file), file.name);
        say(t('releasePage.file.downloaded', { name: file.name }));
      } catch (err) {
        say(err instanceof FileOpenError ? err.message : t('releasePage.file.notDownloaded', { name: file.name }), 'error');
      } finally {
        b.disabled = false;
      }
    });
    return b;
  };
  button.addEventListener('click', () => void open());
  box.append(h('p', {}, button, ' ', h('span', { class: 'muted' }, `${file.name}, ${formatFileSize(file.size, pageLanguage())}`)));
  if (opts.autoOpen) void open();
  return box;
}
