/**
 * The words of the recovery kit (SECURITY.md "Recovery"): the same plain instructions on the
 * page, on paper (print) and in the downloaded text file, for a person who may read them years
 * later, in a hurry or in grief. No secret other than the code itself.
 */
import { formatLongDate } from '../../../shared/dates';

/**
 * The sentence said before the person continues, and printed on the kit: what losing both means
 * for the owner (not "no one can open them": trustees' kits and the release still open what they
 * were given, SECURITY.md "Trustee kits: who can read what").
 */
export const NO_ONE_ELSE =
  'Without your password and without this code, you cannot open your words again, and Afterword cannot open them for you.';

/** The steps to use the code, one per line. */
export const HOW_TO_USE = [
  'On the Afterword sign-in page, choose "Forgot password?".',
  'Open the link we send to your e-mail address and choose a new password.',
  'When asked, type this code. Capital or small letters and the dashes do not matter.',
];

/** Where to keep it. */
export const WHERE_TO_KEEP =
  'Keep this page somewhere safe, such as with your will or important papers, and tell someone you trust where it is. Anyone who has this code and can read your e-mail could open your words.';

/** The code split into its groups (the text shown joins them with dashes). */
export const groupsOf = (code: string): string[] => code.split('-');

/** The downloadable text file: account, date made, the code and the instructions. */
export function kitText(code: string, account: string, madeOn: string): string {
  return [
    'AFTERWORD RECOVERY KIT',
    '',
    `Account: ${account}`,
    `Made on: ${madeOn}`,
    '',
    'Your recovery code:',
    '',
    `    ${code}`,
    '',
    'If you forget your password, this code opens your plans, messages and documents again.',
    '',
    'How to use it:',
    ...HOW_TO_USE.map((step, i) => `  ${i + 1}. ${step}`),
    '',
    WHERE_TO_KEEP,
    '',
    NO_ONE_ELSE,
    '',
  ].join('\n');
}

/** A date as the kit prints it, e.g. "November 27, 2026" (SPEC.md §9, shared/dates.ts). */
export const kitDate = (ms: number): string => formatLongDate(ms);
