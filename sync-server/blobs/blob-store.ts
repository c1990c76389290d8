/**
 * Where the encrypted chunks of files live (issue #17, shared/files/README.md), behind one
 * interface so that an S3 implementation (one object per chunk, `<userId>/<blobId>/<index>`)
 * passes the same contract suite (blob-store.contract.ts) as the filesystem one
 * (fs-blob-store.ts). Everything is asynchronous and streaming: a chunk goes from the request
 * to the disk and from the disk to the response without ever being held whole by the store,
 * so a 1 GB file never sits in memory. The store knows nothing of quota, states or records:
 * that is the metadata's job (sqlite-blob-meta.ts); it only keeps bytes that were verified.
 */
import type { Readable } from 'node:stream';

/** What a chunk must be to be kept: its exact length in bytes and the SHA-256 (lowercase hex) of its bytes. */
export interface ChunkExpectation {
  size: number;
  sha256: string;
}

/** One stored chunk: its index and its size in bytes. */
export interface StoredChunk {
  index: number;
  size: number;
}

/** A byte range inside one chunk, both ends inclusive (as in HTTP `Range`). */
export interface ChunkRange {
  start: number;
  end: number;
}

/**
 * Thrown by `putChunk` when the bytes are not what was expected: too long (`tooLarge`, the
 * upload was stopped as soon as it passed the size), too short, or another hash. Nothing is kept.
 */
export class ChunkMismatchError extends Error {
  constructor(
    message: string,
    readonly reason: 'size' | 'sha256',
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'ChunkMismatchError';
  }
}

export interface BlobStore {
  /**
   * Streams `body` into chunk `index` of `blobId` of `userId`, checking its length and SHA-256
   * against `expect` as it goes. Atomic: the chunk appears whole or not at all (the filesystem
   * writes a temporary file and renames it; S3 puts one object). Putting a chunk that exists
   * replaces it (sending a chunk twice is harmless). Rejects with ChunkMismatchError (nothing
   * kept) when the bytes are not as expected, with the stream's error when it fails.
   */
  putChunk(userId: string, blobId: string, index: number, body: Readable, expect: ChunkExpectation): Promise<void>;
  /** The bytes of a stored chunk (or of `range` of it), or null when there is no such chunk. */
  getChunk(userId: string, blobId: string, index: number, range?: ChunkRange): Promise<Readable | null>;
  /** The stored chunks of a blob, by increasing index ([] when none). */
  listChunks(userId: string, blobId: string): Promise<StoredChunk[]>;
  /** Removes one chunk (no-op when absent). */
  deleteChunk(userId: string, blobId: string, index: number): Promise<void>;
  /** Removes every chunk of a blob (no-op when absent). */
  deleteBlob(userId: string, blobId: string): Promise<void>;
  /** Removes everything of a user (account deletion). */
  deleteUser(userId: string): Promise<void>;
  /**
   * Removes unfinished temporary writes older than `olderThanMs` (a crash mid-chunk leaves one);
   * returns how many. An S3 store has none to remove (a PUT is atomic) and returns 0.
   */
  sweepTemporary(olderThanMs: number): Promise<number>;
}

/** Ids usable as one path segment or object-key part: what user ids (UUIDs) and blob ids are. Throws otherwise. */
export function assertSegment(what: string, value: string): void {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new Error(`Invalid ${what} for the blob store`);
}
