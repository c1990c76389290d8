/**
 * The words under the login and register buttons while the person waits (issue 38 item 5: a first
 * sign-up on a cold phone took a minute with only "Creating Account..." to read): what is happening
 * now, step by step (web/features/keys/account-flows.ts SignInStep). A polite live region (role
 * status), always in the page so screen readers announce each change; empty while nothing is
 * happening. The button keeps SPEC.md's own words ('Signing in...', 'Creating Account...').
 */
import type { SignInStep } from '../keys';
import { type MessageId, t, useT } from '../../i18n/i18n';
import './messages'; // the 'auth' words (the sign-in-again and unlock dialogs show them without the screens)

/** A step of the flow, or `start`: before the first, while the form's code is still being fetched. */
export type AuthStep = SignInStep | 'start';

const WORDS: Record<'register' | 'login', Record<AuthStep, MessageId>> = {
  register: {
    start: 'auth.step.start',
    keys: 'register.step.keys',
    server: 'register.step.server',
    plan: 'auth.step.plan',
  },
  login: {
    start: 'auth.step.start',
    keys: 'login.step.keys',
    server: 'login.step.server',
    plan: 'auth.step.plan',
  },
};

/** `form`'s words for `step` (the sign-in-again and unlock dialogs show them too, web/ui/PasswordPromptDialog.tsx). */
export const authStepWords = (form: 'register' | 'login', step: AuthStep): string => t(WORDS[form][step]);

/** The live line of `form`'s words for `step` (null: not waiting, the line is empty). */
export function AuthProgress({ form, step }: { form: 'register' | 'login'; step: AuthStep | null }) {
  const { t: say } = useT();
  return (
    <p role="status" aria-live="polite" data-testid="auth-progress" className="min-h-5 text-center text-sm text-slate-600">
      {step ? say(WORDS[form][step]) : ''}
    </p>
  );
}
