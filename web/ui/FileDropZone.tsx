/**
 * A file picker that also takes a dropped file and, on a phone, the camera (issue #17 "Upload
 * Document takes a file: picker, drag-and-drop, and on a phone the camera"). Put it inside a
 * <FormField>: the field's label names the file input (id and aria props are forwarded to it).
 * The chosen file is shown with its name, size and a Remove button; nothing is read or stored
 * here: the caller keeps the File and decides on save. Its words are the 'record-forms' catalog's (issue 44).
 *
 * @example
 * <FormField label="Document File"><FileDropZone accept=".pdf,image/*" capture="environment"
 *   file={file} onFile={setFile} /></FormField>
 */
import { type DragEvent, useId, useState } from 'react';
import { Camera, Upload, X } from 'lucide-react';
import { buttonClasses } from './button-classes';
import { cn } from './cn';
import { formatFileSize } from '../../shared/intl-format';
import { useT } from '../i18n/i18n';
import { fileTypeIcon } from './file-kind';
import { useRecordFormsMessages } from './record-forms-messages';

export interface FileDropZoneProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean;
  /** The input's `accept` (e.g. `.pdf,image/*`): a hint to the picker; the type is checked by content later. */
  accept: string;
  /** When set, phones (coarse pointer) also get a camera button (`capture`, e.g. 'environment' for a scan). */
  capture?: 'environment' | 'user';
  /** The camera button's text (default "Take a photo", in the person's language). */
  captureLabel?: string;
  /** The `accept` of the camera input (default `image/*`). */
  captureAccept?: string;
  /** The file chosen, or null. */
  file: File | null;
  /** Called with the file picked, dropped or photographed (null when removed). */
  onFile: (file: File | null) => void;
}

const focusRing = 'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600';

/** True on a device whose main pointer is a finger (a phone or tablet): there the camera helps. */
const isTouchDevice = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

export function FileDropZone({
  id,
  accept,
  capture,
  captureLabel,
  captureAccept = 'image/*',
  file,
  onFile,
  ...aria
}: FileDropZoneProps) {
  useRecordFormsMessages();
  const { t, language } = useT();
  const autoId = useId();
  const inputId = id ?? `file-${autoId}`;
  const [dragging, setDragging] = useState(false);
  const pick = (input: HTMLInputElement) => {
    const picked = input.files?.[0];
    input.value = ''; // the same file may be picked again after Remove
    if (picked) onFile(picked);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };
  const Icon = file ? fileTypeIcon(file.type) : Upload;

  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-5 text-center',
        dragging ? 'border-accent-600 bg-accent-50' : 'border-stone-300 bg-stone-50',
        aria['aria-invalid'] === true || aria['aria-invalid'] === 'true' ? 'border-red-600' : '',
      )}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <Icon className="size-7 text-slate-600" aria-hidden="true" />
      {file ? (
        <div className="flex max-w-full items-center gap-2 text-sm text-slate-800">
          <span className="min-w-0 font-medium break-all">{file.name}</span>
          <span className="shrink-0 text-slate-600">({formatFileSize(file.size, language)})</span>
          <button
            type="button"
            onClick={() => onFile(null)}
            className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-stone-200 hover:text-slate-900"
            aria-label={t('fileDrop.remove', { name: file.name })}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-700">{t('fileDrop.dragHere')}</p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <span className="relative">
          <input id={inputId} type="file" accept={accept} className="peer sr-only" onChange={(e) => pick(e.target)} {...aria} />
          <label htmlFor={inputId} className={buttonClasses('outline', 'sm', cn('cursor-pointer', focusRing))}>
            {t(file ? 'fileDrop.chooseAnother' : 'fileDrop.choose')}
          </label>
        </span>
        {capture && isTouchDevice() && (
          <span className="relative">
            <input
              id={`${inputId}-camera`}
              type="file"
              accept={captureAccept}
              capture={capture}
              className="peer sr-only"
              onChange={(e) => pick(e.target)}
            />
            <label htmlFor={`${inputId}-camera`} className={buttonClasses('outline', 'sm', cn('cursor-pointer', focusRing))}>
              <Camera aria-hidden="true" />
              {captureLabel ?? t('fileDrop.takePhoto')}
            </label>
          </span>
        )}
      </div>
    </div>
  );
}
