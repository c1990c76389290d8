/**
 * Test support (imported only by tests and bench): fast-check arbitraries of valid records of every
 * collection (SPEC.md §3 shapes, already normalised as the schemas store them: trimmed, blanks as
 * null), with text in many scripts, for the export round-trip property (issue #18).
 */
import fc from 'fast-check';
import type { FileRef } from '../files/ref';
import { VALUE_IDS } from '../schema/user';
import { FUNERAL_TYPES, BURIAL_PREFERENCES, MUSIC_GENRES } from '../schema/death-plan';
import { MESSAGE_TYPES } from '../schema/message';
import { DOCUMENT_TYPES } from '../schema/document';
import { ACCESS_LEVELS } from '../schema/trustee';
import { AUTOMATION_LEVELS, COMPLETION_STATUSES, TASK_CATEGORIES, TIMEFRAMES } from '../schema/survivor-task';

const CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?\'"()&/-', 'ą', 'ż', 'ł', 'Ś', 'é', 'ß', '東', '京', '😀', '🌷', '—', '“', '”'];

/**
 * Trimmed, non-blank text of `min` to `max` characters, counted in code points as the schemas count
 * them (an emoji is one character; zod is patched to measure so); `lines` allows line breaks.
 */
export const text = (min: number, max: number, lines = false) =>
  fc
    .array(fc.constantFrom(...CHARS, ...(lines ? ['\n'] : [])), { minLength: min, maxLength: max })
    .map((cs) => cs.join('').trim())
    .filter((s) => [...s].length >= Math.max(1, min) && [...s].length <= max);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const email = fc.stringMatching(/^[a-z0-9]{1,12}$/).map((local) => `${local}@example.org`);
const iso = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms).toISOString());
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));

/** A valid file reference (no bytes behind it). */
export const fileRef: fc.Arbitrary<FileRef> = fc.record({
  blobId: fc.stringMatching(/^[A-Za-z0-9_-]{16,24}$/),
  name: text(1, 40).map((s) => `${s}.pdf`),
  size: fc.integer({ min: 0, max: 10_000_000 }),
  mimeType: fc.constantFrom('application/pdf', 'audio/webm', 'video/mp4'),
  sha256: hex(64),
  key: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  chunkSize: fc.constant(4 * 1024 * 1024),
});

const ids = (max: number) => fc.uniqueArray(fc.uuid(), { maxLength: max });

/** One person's records by collection (ids are UUIDs; singletons take their id later). */
export const personRecords = fc.record({
  profile: fc.record({
    firstName: text(1, 30),
    lastName: text(1, 30),
    email,
    birthdate: optional(fc.integer({ min: Date.UTC(1920, 0, 1), max: Date.UTC(2010, 0, 1) }).map((ms) => new Date(ms).toISOString().slice(0, 10))),
    values: fc.subarray([...VALUE_IDS]),
    beliefs: optional(text(1, 200, true)),
    contactEmail: optional(email),
    emergencyContact: optional(fc.record({ name: text(1, 30), phone: fc.stringMatching(/^\+?[0-9 ]{3,20}$/).map((s) => s.trim()).filter((s) => s.length > 0) })),
    healthInfo: optional(text(1, 200, true)),
    profileCompletion: fc.integer({ min: 0, max: 100 }),
    emailName: optional(text(1, 60)),
  }),
  deathPlan: fc.option(
    fc.record({
      funeralType: optional(fc.constantFrom(...FUNERAL_TYPES)),
      location: optional(text(1, 60)),
      burialPreference: optional(fc.constantFrom(...BURIAL_PREFERENCES)),
      musicSelections: fc.array(text(1, 40), { maxLength: 4 }),
      readings: fc.array(text(1, 40), { maxLength: 4 }),
      specialRequests: optional(text(1, 300, true)),
      obituary: optional(text(1, 600, true)),
      completed: fc.boolean(),
      createdAt: iso,
      hometown: optional(text(1, 60)),
      occupation: optional(text(1, 60)),
      achievements: optional(text(1, 300, true)),
      familyMembers: optional(text(1, 300, true)),
      personalQualities: optional(text(1, 300, true)),
      musicGenres: fc.subarray([...MUSIC_GENRES]),
    }),
    { nil: null },
  ),
  messages: ids(4).chain((list) =>
    fc.tuple(
      ...list.map((id) =>
        fc.record({
          id: fc.constant(id),
          recipientName: text(1, 40),
          recipientEmail: email,
          messageType: fc.constantFrom(...MESSAGE_TYPES),
          messageContent: text(1, 300, true),
          deliveryDate: optional(iso),
          file: optional(fileRef),
          createdAt: iso,
        }),
      ),
    ),
  ),
  documents: ids(4).chain((list) =>
    fc.tuple(
      ...list.map((id) =>
        fc.record({
          id: fc.constant(id),
          documentType: fc.constantFrom(...DOCUMENT_TYPES),
          documentName: text(1, 60),
          documentUrl: optional(fc.stringMatching(/^[a-z0-9]{1,10}$/).map((p) => `https://example.org/${p}`)),
          file: optional(fileRef),
          createdAt: iso,
        }),
      ),
    ),
  ),
  trustees: ids(3).chain((list) =>
    fc.tuple(
      ...list.map((id) =>
        fc.record({
          id: fc.constant(id),
          name: text(1, 40),
          email,
          phone: optional(fc.stringMatching(/^\+?[0-9]{3,15}$/)),
          relationship: optional(text(1, 30)),
          accessLevel: fc.constantFrom(...ACCESS_LEVELS),
          createdAt: iso,
        }),
      ),
    ),
  ),
  survivorTasks: ids(4).chain((list) =>
    fc.tuple(
      ...list.map((id) =>
        fc.record({
          id: fc.constant(id),
          title: text(3, 60),
          description: text(10, 300, true),
          category: fc.constantFrom(...TASK_CATEGORIES),
          timeframe: fc.constantFrom(...TIMEFRAMES),
          automationLevel: fc.constantFrom(...AUTOMATION_LEVELS),
          priority: fc.integer({ min: 1, max: 5 }),
          resources: fc.array(text(1, 60, true), { maxLength: 3 }),
          automationSteps: fc.array(text(1, 60, true), { maxLength: 3 }),
          notifyTrustees: fc.boolean(),
          completionStatus: fc.constantFrom(...COMPLETION_STATUSES),
          createdAt: iso,
        }),
      ),
    ),
  ),
});
export type PersonRecords = typeof personRecords extends fc.Arbitrary<infer T> ? T : never;
