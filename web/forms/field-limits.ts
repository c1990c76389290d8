/**
 * Field limits and plain-words write errors for the record forms (QA: long text over the limit
 * failed with "Please try again later."). The limits come from the shared schemas (LIMITS in
 * shared/schema/common.ts, via COLLECTION_SPECS), so a text box stops where the server would.
 */
import type { z } from 'zod';
import { COLLECTION_SPECS, type CollectionName } from '../../shared/schema/collections';
import { LocalWriteError } from '../db/user-database';

interface ZodInternals {
  _zod: { def: { type: string; innerType?: ZodInternals; in?: ZodInternals; checks?: { _zod: { def: { check: string; maximum?: number } } }[] } };
}

/** The most characters (UTF-16 code units) `field` of `collection` accepts, or undefined when unbounded or not text. */
export function maxLengthOf(collection: CollectionName, field: string): number | undefined {
  let schema = (COLLECTION_SPECS[collection].fields.shape as Record<string, z.ZodType | undefined>)[field] as unknown as ZodInternals | undefined;
  // Through nullable/optional/default wrappers and transform pipes to the string schema.
  for (let depth = 0; schema && depth < 8; depth++) {
    const { def } = schema._zod;
    if (def.type === 'string') return def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
    schema = def.innerType ?? def.in;
  }
  return undefined;
}

/** The words shown for a field in a toast: its form label (the labels of the record screens). */
const FIELD_LABELS: Record<string, string> = {
  recipientName: 'Recipient Name',
  recipientEmail: 'Recipient Email',
  messageContent: 'Your Message',
  obituary: 'Obituary',
  specialRequests: 'Special Requests',
  location: 'Location',
  documentName: 'Document Name',
  documentUrl: 'Document URL',
  title: 'Title',
  description: 'Description',
  relationship: 'Relationship',
  beliefs: 'Your Beliefs',
  healthInfo: 'Important Health Information',
  musicSelections: 'Music',
  readings: 'Readings',
  hometown: 'Where you lived or grew up',
  occupation: 'The work you did',
  achievements: 'What you were proudest of',
  familyMembers: 'Family you would like named',
  personalQualities: 'How people would describe you',
  musicGenres: 'Kinds of music you love',
};

/** `messageContent` → "Your Message"; an unknown field → its words ("emergencyContact" → "Emergency contact"). */
export function fieldLabel(field: string): string {
  const name = field.split(/[./]/)[0]!;
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The plain-words reason of a refused local write, e.g. "Your Message is too long (at most 20,000
 * characters)" or "Resources is too long to keep end-to-end encrypted (this task may hold at most
 * 256 KB once sealed; shorten it by about 1,200 characters)", or undefined when `err` is not a LocalWriteError naming a field (the caller then
 * keeps its generic text).
 */
export function describeWriteError(err: unknown): string | undefined {
  if (!(err instanceof LocalWriteError) || !err.field) return undefined;
  const m = /^([A-Za-z]+)\.[^:]+: (.*)$/s.exec(err.message);
  const label = fieldLabel(err.field);
  const collection = m?.[1] as CollectionName | undefined;
  if (collection && collection in COLLECTION_SPECS && /too big/i.test(m![2]!)) {
    const max = maxLengthOf(collection, err.field.split(/[./]/)[0]!);
    if (max !== undefined) return `${label} is too long (at most ${max.toLocaleString('en-US')} characters)`;
  }
  // Too long once sealed (shared/crypto/sealed-size.ts): "Resources is too long to keep end-to-end encrypted (…)".
  if (m && /^too long to keep end-to-end encrypted/.test(m[2]!)) return `${label} is ${m[2]}`;
  return m ? `${label}: ${m[2]}` : undefined;
}
