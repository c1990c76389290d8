/**
 * Small state hooks shared by the record screens' dialogs (message vault, documents, trustees).
 * - useFormValues: the values of one form, their field errors, and reset.
 * - useCreateDialog: the create dialog's open state; routes such as /trustees/new open it at once
 *   (SPEC.md §2 "Screens and routes"), and closing it returns to the list's own path.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FieldErrors } from './record-actions';

/** Form values with per-field errors; `set(field, value)` also clears that field's error. */
export function useFormValues<T extends object>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<Extract<keyof T, string>>>({});
  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (field in e ? { ...e, [field]: undefined } : e));
  }, []);
  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);
  return { values, errors, set, setErrors, reset };
}

/**
 * Open state of a list screen's create dialog. `openAtStart` comes from the route (e.g.
 * /message-vault/new); when that dialog closes, the URL goes back to `listPath`.
 */
export function useCreateDialog(openAtStart: boolean, listPath: string) {
  const navigate = useNavigate();
  const [open, setOpenState] = useState(openAtStart);
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      if (!next && openAtStart) navigate(listPath, { replace: true });
    },
    [navigate, openAtStart, listPath],
  );
  return [open, setOpen] as const;
}
