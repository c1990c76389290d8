/**
 * Why a typed recovery code does not parse, in the person's words (the kit page's check and
 * "Open your words again" say it alike): `err.group` names a mistyped group (its check
 * characters, shared/crypto/recovery.ts parseRecoveryCode), else the code is incomplete or two
 * groups are swapped. Takes the screen's `t` (useT) and the RecoveryCodeError; returns the sentence.
 */
import type { RecoveryCodeError } from '../../../shared/crypto/errors';
import type { useT } from '../../i18n/i18n';

export function codeError(t: ReturnType<typeof useT>['t'], err: RecoveryCodeError): string {
  return err.group ? t('keys.code.badGroup', { group: String(err.group) }) : t('keys.code.incomplete');
}
