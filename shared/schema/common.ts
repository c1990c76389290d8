/**
 * Building blocks shared by every entity schema: ids, bounded strings, dates.
 * Limits are ours (SPEC.md §9 says maximum lengths are "not shown"); they exist so that no
 * field can grow without bound on a device or on the server.
 */
import { z } from 'zod';

/** Maximum lengths, in UTF-16 code units. */
export const LIMITS = {
  name: 100,
  email: 254,
  shortText: 200,
  text: 5_000,
  longText: 20_000,
  listItem: 500,
  listItems: 200,
  url: 2_048,
} as const;

/** A record id: a client-made UUID, or (for one-per-user records) the user's id. */
export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');

/** Required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number, message = 'This field is required') =>
  z.string().trim().min(1, message).max(max);

/** Optional text stored as `null` when empty (SPEC.md §5 "Optional fields"). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

export const emailSchema = z.string().trim().max(LIMITS.email).pipe(z.email('Invalid email address'));

/** A calendar date `YYYY-MM-DD` (birthdate). */
export const dateOnlySchema = z.iso.date('Invalid date');

/** An ISO 8601 timestamp with offset or Z (createdAt, deliveryDate). */
export const timestampSchema = z.iso.datetime({ offset: true, message: 'Invalid date and time' });

/** A web address that may become a link: only http and https (never `javascript:` or `data:`). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter a web address starting with http:// or https://');

/** A list of short text items (music, readings, resources, steps): trimmed, blanks dropped. */
export const textListSchema = z
  .array(z.string().max(LIMITS.listItem))
  .max(LIMITS.listItems)
  .transform((items) => items.map((s) => s.trim()).filter((s) => s.length > 0));
