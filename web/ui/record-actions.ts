/**
 * What every record screen does around a write (SPEC.md §5, §8): check required fields (else the
 * destructive toast 'Missing information' / 'Please fill in all required fields.'), check field
 * formats with the shared zod schemas (errors shown under the field), run the local write, then a
 * success toast or a destructive failure toast, and ask before deleting. Used by the plan, message
 * vault, documents and trustees screens so each only says its own texts.
 */
import type { z } from '../../shared/schema/z';
import { serverMessage } from '../api/client';
import { describeWriteError } from '../forms/field-limits';
import { confirm } from './confirm';
import { toast, type ToastInput } from './toast-store';
import { AiCancelled } from '../ai/ask-ai';
import { t } from '../i18n/i18n';
import './record-forms-messages';

/** SPEC.md §5: the message of every "required fields" check, in the person's language ('record-forms' catalog, issue 44). */
const missingInformation = (): ToastInput => ({
  title: t('form.missingTitle'),
  description: t('form.missingDescription'),
  variant: 'destructive',
});

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Field → first error message, for the fields a form shows. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** The error shown under a required field left blank ("This field is required"), in the person's language. */
export const requiredField = (): string => t('form.required');

/**
 * Checks a form before its write: when a field in `required` is blank, shows the 'Missing
 * information' toast (SPEC.md §5 "Create message", "Upload document", "Add or edit trustee") and
 * also marks those fields (a toast alone is not announced while a modal dialog hides the page);
 * otherwise checks `formats` (per-field zod schemas, e.g. `{ recipientEmail: emailSchema }`).
 * Returns the errors per field, or null when the form is valid.
 */
export function validateForm<T extends object>(
  values: T,
  required: readonly (keyof T & string)[],
  formats: Partial<Record<keyof T & string, z.ZodMiniType>> = {},
): FieldErrors<keyof T & string> | null {
  type K = keyof T & string;
  const errors: FieldErrors<K> = {};
  for (const key of required) if (isBlank(values[key])) errors[key] = requiredField();
  if (Object.keys(errors).length > 0) {
    toast(missingInformation());
    return errors;
  }
  const invalid = fieldErrors(values as Partial<Record<K, unknown>>, formats);
  return Object.keys(invalid).length > 0 ? invalid : null;
}

/**
 * True when every field in `required` of `values` is filled; otherwise shows the 'Missing
 * information' toast and returns false. (validateForm also marks the blank fields.)
 */
export function checkRequired<T extends object>(values: T, required: readonly (keyof T)[]): boolean {
  if (required.every((k) => !isBlank(values[k]))) return true;
  toast(missingInformation());
  return false;
}

/** The first message per failing field of `values` under per-field zod `schemas`; {} when valid. */
export function fieldErrors<K extends string>(values: Partial<Record<K, unknown>>, schemas: Partial<Record<K, z.ZodMiniType>>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(schemas) as K[]) {
    const result = schemas[key]!.safeParse(values[key]);
    if (!result.success) errors[key] = result.error.issues[0]?.message ?? 'Invalid value';
  }
  return errors;
}

export interface ActionToasts<T = unknown> {
  /** Shown when the work succeeds; a function makes it from the work's result (e.g. with an Undo action). */
  success: ToastInput | ((result: T) => ToastInput);
  /** Title of the destructive toast when it fails (its description is the server message or the fallback). */
  failure: string;
}

/**
 * Runs `work` (a local write or an API call) and shows the success toast, or on any error a
 * destructive toast titled `failure` (SPEC.md §8) whose text is the server message, the field a
 * refused local write names in plain words (field-limits.ts), or the fallback. Cancel in the AI
 * consent dialog (AiCancelled) shows no toast. Never throws: returns the result, or undefined when
 * it failed or was cancelled.
 */
export async function runWithToasts<T>(work: () => Promise<T>, toasts: ActionToasts<T>): Promise<T | undefined> {
  try {
    const result = await work();
    toast(typeof toasts.success === 'function' ? toasts.success(result) : toasts.success);
    return result;
  } catch (err) {
    // Cancel in the AI consent dialog: the person chose to send nothing, which is no failure.
    if (err instanceof AiCancelled) return undefined;
    console.error(toasts.failure, err);
    toast({ title: toasts.failure, description: describeWriteError(err) ?? serverMessage(err), variant: 'destructive' });
    return undefined;
  }
}

/**
 * Asks `question` in a ConfirmDialog (destructive, confirm button `confirmLabel`) and, when
 * confirmed, runs `work` with toasts. Resolves true only when it ran and succeeded.
 */
export async function confirmThenRun(
  question: { title: string; description: string; confirmLabel: string },
  work: () => Promise<unknown>,
  toasts: ActionToasts,
): Promise<boolean> {
  if (!(await confirm({ ...question, destructive: true }))) return false;
  let ok = false;
  await runWithToasts(async () => {
    await work();
    ok = true;
  }, toasts);
  return ok;
}

/**
 * Runs a dialog's write with toasts and, when it succeeded, calls `close` (SPEC.md §4: create and
 * edit close their dialog on success). Resolves true on success.
 */
export async function runAndClose(work: () => Promise<unknown>, toasts: ActionToasts, close: () => void): Promise<boolean> {
  const ok = await runWithToasts(async () => {
    await work();
    return true;
  }, toasts);
  if (ok) close();
  return ok === true;
}
