/**
 * The words of the recovery kit (SECURITY.md "Recovery"): the same plain instructions on the
 * page, on paper (print) and in the downloaded text file, for a person who may read them years
 * later, in a hurry or in grief, in the owner's language (issue 44: the `keys` catalog,
 * `keys.print.*` and the page's own `keys.kit.noOneElse` and `keys.kit.whereToKeep`). No secret
 * other than the code itself.
 */
import { formatDate } from '../../../shared/intl-format';
import type { MessageId, MessageValues } from '../../i18n/i18n';

/** A translator of the `keys` words (useT().t, or i18n.ts t), in the language the kit is made in. */
export type KeysT = (id: MessageId, values?: MessageValues) => string;

/** The steps to use the code, one per line. */
export const howToUse = (t: KeysT): string[] => [t('keys.print.step1'), t('keys.print.step2'), t('keys.print.step3')];

/** The code split into its groups (the text shown joins them with dashes). */
export const groupsOf = (code: string): string[] => code.split('-');

/** The downloadable text file: account, date made, the code and the instructions, in `t`'s language. */
export function kitText(t: KeysT, code: string, account: string, madeOn: string): string {
  return [
    t('keys.print.fileTitle'),
    '',
    t('keys.print.account', { account }),
    t('keys.print.madeOn', { date: madeOn }),
    '',
    t('keys.print.yourCode'),
    '',
    `    ${code}`,
    '',
    t('keys.print.opens'),
    '',
    t('keys.print.howTo'),
    ...howToUse(t).map((step, i) => `  ${i + 1}. ${step}`),
    '',
    t('keys.kit.whereToKeep'),
    '',
    t('keys.kit.noOneElse'),
    '',
  ].join('\n');
}

/** A date as the kit prints it in `lang`, e.g. "November 27, 2026" (SPEC.md §9, shared/intl-format.ts). */
export const kitDate = (ms: number, lang: string): string => formatDate(ms, lang);
