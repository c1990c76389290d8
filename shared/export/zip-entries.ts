/**
 * A ZIP read entry by entry within byte bounds (SECURITY.md "Limits", import): the central
 * directory is read without inflating anything, so every declared size can be checked first, and
 * one entry is inflated with fflate's streaming Inflate, refused as soon as its output passes the
 * bound its caller gives (a header that lies about the size never makes the device inflate more).
 * Zip64 sizes and offsets are read as fflate reads them.
 */
import { Inflate, strFromU8 } from 'fflate';

/** One entry of the central directory. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (anything else cannot be read). */
  compression: number;
  compressedSize: number;
  /** The uncompressed size the directory declares. */
  declaredSize: number;
  /** Offset of the local header in the ZIP. */
  localOffset: number;
}

/** The ZIP's structure is broken (truncated, offsets outside it, unknown compression, bad data). */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/** An entry's data inflated to more bytes than its caller's bound. */
export class ZipEntryTooLargeError extends Error {
  override name = 'ZipEntryTooLargeError';
}

/** An entry compressed beyond MAX_COMPRESSION_RATIO (a ZIP bomb): refused before a byte of it is inflated. */
export class ZipEntryTooCompressedError extends Error {
  override name = 'ZipEntryTooCompressedError';
}

/**
 * The most an entry may be compressed (declared size over compressed size) once it is over
 * MIN_RATIO_CHECKED_BYTES (SECURITY.md "Limits", import; issue 40): an export's JSON deflates
 * about 5–15 to 1, its files (sealed, or media already compressed) about 1 to 1, a ZIP bomb
 * 1,000 to 1. So a ZIP of n bytes never makes the device inflate much more than 100 n.
 */
export const MAX_COMPRESSION_RATIO = 100;
/** Entries up to this size (bytes) are not held to MAX_COMPRESSION_RATIO: inflating them costs little. */
export const MIN_RATIO_CHECKED_BYTES = 1024 * 1024;

/**
 * Entries of the export's own JSON (afterword.json, records.jsonl) up to this size are not held to
 * MAX_COMPRESSION_RATIO: a person's own words repeated (one long letter to many people) deflate far
 * better than 100 to 1, and inflating 32 MiB costs little (review of issue 40).
 */
export const MANIFEST_RATIO_FLOOR = 32 * 1024 * 1024;

/**
 * True when `entry` declares more than `floor` bytes (default MIN_RATIO_CHECKED_BYTES) and over
 * MAX_COMPRESSION_RATIO times its compressed size.
 */
export const tooCompressed = (entry: Pick<ZipEntry, 'declaredSize' | 'compressedSize'>, floor = MIN_RATIO_CHECKED_BYTES): boolean =>
  entry.declaredSize > floor && entry.declaredSize > entry.compressedSize * MAX_COMPRESSION_RATIO;

/** Compressed bytes handed to the inflater at a time: the output of one step is at most ~1032 times this. */
const INFLATE_STEP = 16 * 1024;

/**
 * The central directory of `zip`: `total` entries, and their list when `total` is at most
 * `maxEntries` (else empty: nothing more is parsed). Throws ZipFormatError for a ZIP whose end
 * record or directory is missing or reaches outside it.
 */
export function zipDirectory(zip: Uint8Array, maxEntries: number): { total: number; entries: ZipEntry[] } {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => check(at + 2) && v.getUint16(at, true);
  const u32 = (at: number) => check(at + 4) && v.getUint32(at, true);
  const u64 = (at: number) => check(at + 8) && v.getUint32(at, true) + v.getUint32(at + 4, true) * 2 ** 32;
  const check = (end: number) => {
    if (end > zip.length) throw new ZipFormatError('the ZIP ends early');
    return true;
  };
  let eocd = zip.length - 22;
  while (eocd >= 0 && v.getUint32(eocd, true) !== 0x06054b50) {
    if (zip.length - eocd > 22 + 0xffff) break;
    eocd--;
  }
  if (eocd < 0 || v.getUint32(eocd, true) !== 0x06054b50) throw new ZipFormatError('no end of central directory');
  let total: number = u16(eocd + 10) as number;
  let at: number = u32(eocd + 16) as number;
  const zip64 = eocd >= 20 && v.getUint32(eocd - 20, true) === 0x07064b50;
  if (zip64) {
    const end64 = u64(eocd - 12) as number;
    if ((u32(end64) as number) === 0x06064b50) {
      total = u64(end64 + 32) as number;
      at = u64(end64 + 48) as number;
    }
  }
  if (total > maxEntries) return { total, entries: [] };
  const entries: ZipEntry[] = [];
  for (let i = 0; i < total; i++) {
    if (u32(at) !== 0x02014b50) throw new ZipFormatError('a directory entry is damaged');
    const flags = u16(at + 8) as number;
    const nameLength = u16(at + 28) as number;
    const extraLength = u16(at + 30) as number;
    check(at + 46 + nameLength + extraLength);
    const name = strFromU8(zip.subarray(at + 46, at + 46 + nameLength), !(flags & 0x800));
    let compressedSize = u32(at + 20) as number;
    let declaredSize = u32(at + 24) as number;
    let localOffset = u32(at + 42) as number;
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) {
      // The zip64 extra field holds the 64-bit values, in this order, of those that are 0xFFFFFFFF.
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + (u16(x + 2) as number)) {
        if (u16(x) !== 1) continue;
        let f = x + 4;
        if (declaredSize === 0xffffffff) (declaredSize = u64(f) as number), (f += 8);
        if (compressedSize === 0xffffffff) (compressedSize = u64(f) as number), (f += 8);
        if (localOffset === 0xffffffff) localOffset = u64(f) as number;
        break;
      }
    }
    entries.push({ name, compression: u16(at + 10) as number, compressedSize, declaredSize, localOffset });
    at += 46 + nameLength + extraLength + (u16(at + 32) as number);
  }
  return { total, entries };
}

/**
 * The bytes of `entry` of `zip`, inflated at most to `limit` bytes: throws
 * ZipEntryTooCompressedError before anything is inflated when the entry is `tooCompressed` (over
 * `ratioFloor` bytes),
 * ZipEntryTooLargeError as soon as the output passes `limit` (checked every INFLATE_STEP of
 * input), ZipFormatError for data that cannot be read. The caller checks the length and hash it expects.
 */
export function readZipEntry(zip: Uint8Array, entry: ZipEntry, limit: number, ratioFloor = MIN_RATIO_CHECKED_BYTES): Uint8Array {
  if (tooCompressed(entry, ratioFloor)) throw new ZipEntryTooCompressedError(`${entry.name} is compressed over ${MAX_COMPRESSION_RATIO} to 1`);
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localOffset;
  if (at + 30 > zip.length || v.getUint32(at, true) !== 0x04034b50) throw new ZipFormatError('a local header is damaged');
  const start = at + 30 + v.getUint16(at + 26, true) + v.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw new ZipFormatError('an entry reaches past the end of the ZIP');
  const data = zip.subarray(start, end);
  if (entry.compression === 0) {
    if (data.length > limit) throw new ZipEntryTooLargeError('stored entry larger than its bound');
    return data.slice();
  }
  if (entry.compression !== 8) throw new ZipFormatError(`unknown compression ${entry.compression}`);
  const out = new Uint8Array(limit); // `limit` is what the caller expects, already checked against its own bound
  let total = 0;
  const inflater = new Inflate((chunk) => {
    if (total + chunk.length > limit) throw new ZipEntryTooLargeError('inflated past its bound');
    out.set(chunk, total);
    total += chunk.length;
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += INFLATE_STEP) inflater.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
  } catch (err) {
    if (err instanceof ZipEntryTooLargeError) throw err;
    throw new ZipFormatError('an entry is damaged', { cause: err });
  }
  return total === limit ? out : out.slice(0, total);
}
