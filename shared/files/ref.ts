/**
 * The reference a document or message record holds to a file (issue #17, DESIGN.md §9). The
 * bytes never travel in the record: they go through the attachment queue as encrypted chunks
 * (shared/files/crypto.ts, protocol in shared/files/README.md). `key` is the file's AES-256-GCM
 * key (base64url, 32 bytes); it travels inside the record so the server can serve release pages
 * (a later end-to-end step wraps it, DESIGN.md §11).
 */
import { z } from 'zod';
import { singleLine } from '../schema/common';
import type { CollectionName } from '../schema/collections';

/** The collections whose records may hold a `file` (shared/schema/document.ts, message.ts). */
export const FILE_COLLECTIONS = ['documents', 'messages'] as const satisfies readonly CollectionName[];

/** A blob id: client-made, URL-safe, 16 to 64 characters. */
export const blobIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid file id');

/** A MIME type such as `application/pdf` (parameters such as `;codecs=` allowed, 100 chars max). */
export const mimeTypeSchema = z
  .string()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*(;[ -~]*)?$/i, 'Invalid file type');

export const fileRefSchema = z
  .object({
    blobId: blobIdSchema,
    /** The file's name as the person knows it (shown, and used for downloads). */
    name: singleLine(z.string().trim().min(1).max(255)),
    /** Plaintext bytes. */
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    /** The type found by content on the device (shared/files/types.ts), never just the extension. */
    mimeType: mimeTypeSchema,
    /** SHA-256 of the plaintext, lowercase hex. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid SHA-256'),
    /** AES-256-GCM key, base64url without padding (43 characters). */
    key: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid file key'),
    /** Plaintext bytes per chunk (the last chunk may be shorter); FILE_CHUNK_BYTES when made here. */
    chunkSize: z.number().int().min(1024).max(64 * 1024 * 1024),
    /** Length of a recording in ms, when known. */
    durationMs: z.number().int().min(0).max(24 * 3600 * 1000).optional(),
  })
  .strict();
export type FileRef = z.infer<typeof fileRefSchema>;
