/**
 * Building blocks shared by every entity schema: ids, bounded strings, dates.
 * Limits are ours (SPEC.md §9 says maximum lengths are "not shown"); they exist so that no
 * field can grow without bound on a device or on the server. Written with zod/mini (./z.ts).
 */
import { isHttpUrl } from '../http-url';
import { ACCOUNT_LIMITS } from '../limits';
import { LANGUAGES } from '../languages';
import { z } from './z';

/** Maximum lengths, in UTF-16 code units. */
export const LIMITS = {
  name: 100,
  /** The profile's name for e-mails (shared/profile-email-name.ts): a first and a last name joined by a space. */
  emailName: 201,
  email: 254,
  shortText: 200,
  text: 5_000,
  longText: 20_000,
  listItem: 500,
  listItems: ACCOUNT_LIMITS.listItems,
  url: 2_048,
} as const;

/** No control characters at all: names, e-mail addresses, titles, single-line fields. */
export const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** Line breaks and tabs only: multi-line fields (messages, requests, beliefs, descriptions). */
const MULTI_LINE = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;
export const SINGLE_LINE_MESSAGE = 'Must be a single line without control characters';
export const MULTI_LINE_MESSAGE = 'Must not contain control characters';

/** A string schema of zod/mini (what the helpers below take and return). */
export type StringSchema = z.ZodMiniString<string>;

/** Refuses every control character (issue #15: a trustee's name must not carry a forged e-mail body). */
export const singleLine = (schema: StringSchema) => schema.check(z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE));
/** Refuses control characters other than line breaks (\n, \r) and tabs. */
export const multiLine = (schema: StringSchema) => schema.check(z.regex(MULTI_LINE, MULTI_LINE_MESSAGE));
/** Texts of at least LIMITS.text characters may span lines; shorter ones (names, titles) never. */
const lines = (max: number) => (max >= LIMITS.text ? multiLine : singleLine);

/** A string trimmed, then at least `min` (with `message`) and at most `max` characters. */
export const trimmedText = (min: number | null, max: number, message?: string) =>
  z.string().check(z.trim(), ...(min === null ? [] : [z.minLength(min, message)]), z.maxLength(max));

/** An integer from `min` to `max` (zod classic's `z.number().int().min(min).max(max)`). */
export const intBetween = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));

/** A record id: a client-made UUID, or (for one-per-user records) the user's id. */
export const idSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, 'Invalid id'));

/** Required text: trimmed, not blank, at most `max` characters. */
export const requiredText = (max: number, message = 'This field is required') => lines(max)(trimmedText(1, max, message));

/** Optional text stored as `null` when empty (SPEC.md §5 "Optional fields"). */
export const optionalText = (max: number) =>
  z.pipe(
    z.nullable(lines(max)(trimmedText(null, max))),
    z.transform((v: string | null) => (v === '' ? null : v)),
  );

export const emailSchema = z.pipe(singleLine(trimmedText(null, LIMITS.email)), z.email('Invalid email address'));

/** A calendar date `YYYY-MM-DD` (birthdate). */
export const dateOnlySchema = z.iso.date('Invalid date');

/** An ISO 8601 timestamp with offset or Z (createdAt, deliveryDate). */
export const timestampSchema = z.iso.datetime({ offset: true, message: 'Invalid date and time' });

/** A web address that may become a link: only http and https (never `javascript:` or `data:`). */
export const httpUrlSchema = singleLine(trimmedText(null, LIMITS.url)).check(
  z.refine(isHttpUrl, 'Enter a web address starting with http:// or https://'),
);

/** A list of short text items (music, readings, resources, steps): trimmed, blanks dropped. */
export const textListSchema = z.pipe(
  z.array(singleLine(z.string().check(z.maxLength(LIMITS.listItem)))).check(z.maxLength(LIMITS.listItems)),
  z.transform((items: string[]) => items.map((s) => s.trim()).filter((s) => s.length > 0)),
);

/**
 * An item's live share ids (docs/sharing.md "Which shares are live"), sealed in its record: the
 * owner's devices refresh only these, so a server that keeps a stopped share gets no later edit
 * for it (security review F2). Written by web/features/sharing/live-shares.ts only.
 */
export const liveShareIdsSchema = z._default(z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid share id'))).check(z.maxLength(200)), []);

/**
 * The language the server writes a trustee's or a recipient's e-mails in (issue 44), chosen by the
 * owner: one of shared/languages.ts, or null for the owner's own (the account's language). Plain
 * (shared/crypto/fields.ts; SECURITY.md "What stays plain"): the server reads it to write them.
 */
export const readerLanguageSchema = z._default(z.nullable(z.enum(LANGUAGES)), null);
