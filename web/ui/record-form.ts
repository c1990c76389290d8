/**
 * useCreateDialog, shared by the record screens (message vault, documents, trustees): the create
 * dialog's open state; routes such as /trustees/new open it at once (SPEC.md §2 "Screens and
 * routes"), and closing it returns to the list's own path. (The forms themselves are
 * web/forms/use-record-form.ts.)
 */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';

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
