/**
 * The document form's upload and edit (DocumentFormDialog.tsx) through the real form mechanism:
 * a RecordFormSession over a react-hook-form control and real Dexie on fake-indexeddb
 * (web/forms/test-form.ts). An edit writes only the fields the person changed, and keeps the file.
 */
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../../../shared/files/ref';
import { openOnDevice } from '../../db/test-device';
import type { UserDatabase } from '../../db/user-database';
import { openForm } from '../../forms/test-form';
import { documentToForm, formToDocument, type DocumentFormValues } from './document-form';

const spec = (id: string | null) => ({ collection: 'documents' as const, id, toForm: documentToForm, toRecord: formToDocument });
const fileRef = (n: number): FileRef => ({
  blobId: `blob-${n}-abcdefghijklmnop`,
  name: `will-${n}.pdf`,
  size: 1234,
  mimeType: 'application/pdf',
  sha256: String(n).repeat(64).slice(0, 64),
  key: 'k'.repeat(43),
  chunkSize: 4 * 1024 * 1024,
});
/** The record fields of the last change written to the outbox (what goes to the server). */
const lastWritten = async (db: UserDatabase) => Object.keys((await db.dexie.outbox.toArray()).at(-1)!.fields).map((k) => k.split('/')[0]).sort();

async function created(db: UserDatabase, values: Partial<DocumentFormValues>, also: Record<string, unknown>) {
  const form = await openForm(db, spec(null));
  form.form.reset(documentToForm(null)); // as useForm does when the dialog mounts
  for (const [f, v] of Object.entries(values)) form.type(f as keyof DocumentFormValues, v);
  expect(await form.session.save(undefined, also)).toBe('created');
  return (await db.dexie.entities('documents').toArray())[0]!;
}

describe('editing a document (the Edit dialog)', () => {
  it('a link document: only the changed name is written; its link and where the original is kept stay', async () => {
    const db = await openOnDevice('owner-1', () => Date.now());
    const doc = await created(
      db,
      { documentType: 'will', documentName: 'Last Will', documentUrl: 'https://files.example.com/will.pdf', originalLocation: 'Oak desk' },
      { file: null },
    );
    const edit = await openForm(db, spec(doc.id));
    expect(edit.form.getValues()).toEqual({ documentType: 'will', documentName: 'Last Will', documentUrl: 'https://files.example.com/will.pdf', originalLocation: 'Oak desk' });
    edit.type('documentName', '  Last Will, signed 2024 ');
    expect(await edit.session.save()).toBe('updated');
    expect(await lastWritten(db)).toEqual(['documentName']);
    expect(await db.dexie.entities('documents').get(doc.id)).toMatchObject({
      documentName: 'Last Will, signed 2024',
      documentUrl: 'https://files.example.com/will.pdf',
      originalLocation: 'Oak desk',
      documentType: 'will',
    });
  });

  it('clearing where the original is kept writes it as none, and nothing else', async () => {
    const db = await openOnDevice('owner-2', () => Date.now());
    const doc = await created(db, { documentType: 'insurance', documentName: 'Policy', documentUrl: 'https://insurer.example.com/42', originalLocation: 'Grey box' }, { file: null });
    const edit = await openForm(db, spec(doc.id));
    edit.type('originalLocation', '   ');
    expect(await edit.session.save()).toBe('updated');
    expect(await lastWritten(db)).toEqual(['originalLocation']);
    expect((await db.dexie.entities('documents').get(doc.id))?.originalLocation).toBeNull();
  });

  it('a file document: a new file replaces the old one with the changed type, and the name and place stay', async () => {
    const db = await openOnDevice('owner-3', () => Date.now());
    const doc = await created(db, { documentType: 'will', documentName: 'Scan of my will', originalLocation: 'Hale & Co' }, { file: fileRef(1), documentUrl: null });
    const edit = await openForm(db, spec(doc.id));
    expect(edit.form.getValues().documentUrl).toBe('');
    edit.type('documentType', 'power-of-attorney');
    expect(await edit.session.save(undefined, { file: fileRef(2) })).toBe('updated');
    expect(await lastWritten(db)).toEqual(['documentType', 'file', 'fileBlobId']);
    expect(await db.dexie.entities('documents').get(doc.id)).toMatchObject({
      documentType: 'power-of-attorney',
      documentName: 'Scan of my will',
      originalLocation: 'Hale & Co',
      documentUrl: null,
      file: fileRef(2),
      fileBlobId: fileRef(2).blobId,
    });
  });

  it('nothing changed writes nothing', async () => {
    const db = await openOnDevice('owner-4', () => Date.now());
    const doc = await created(db, { documentType: 'financial', documentName: 'Statement', documentUrl: 'https://bank.example.com/s' }, { file: null });
    const before = await db.dexie.outbox.count();
    const edit = await openForm(db, spec(doc.id));
    expect(await edit.session.save()).toBe('unchanged');
    expect(await db.dexie.outbox.count()).toBe(before);
  });
});
