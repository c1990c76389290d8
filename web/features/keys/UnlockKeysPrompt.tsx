/**
 * The Unlock screen's dialog (UnlockKeysDialog.tsx shows it while the keys are locked), its own
 * chunk with the sign-in steps' words it shows (web/features/auth): fetched when the keys are
 * found locked, not with every signed-in start (issue 41). Precached by the PWA, so offline too.
 */
import { serverMessage } from '../../api/client';
import { LazyPasswordPromptDialog } from '../../ui/password-prompt';
import { authStepWords } from '../auth';
import { useT } from '../../i18n/i18n';
import { useKeySession } from './key-session';
import { useKeysMessages } from './messages';

/** The password prompt that unlocks the keys; `onDismiss` puts it aside ("Not now"). */
export function UnlockKeysPrompt({ replaced, onDismiss }: { replaced: boolean; onDismiss: () => void }) {
  useKeysMessages();
  const { t } = useT();
  return (
    <LazyPasswordPromptDialog
      title={t('keys.unlock.title')}
      // `replaced`: the account key was replaced on another device (SECURITY.md "Replacing the account key").
      description={t(replaced ? 'keys.unlock.replaced' : 'keys.unlock.cleared')}
      dismissLabel={t('keys.unlock.notNow')}
      submitLabel={t('keys.unlock.submit')}
      busyLabel={t('keys.unlock.busy')}
      passwordLabel={t('keys.password')}
      emptyText={t('keys.newKit.enterPassword')}
      progress={authStepWords('login', 'keys')}
      onPassword={(password) => useKeySession.getState().unlock(password)}
      errorText={(err) => {
        const status = (err as { status?: number }).status;
        return status ? serverMessage(err) : navigator.onLine || err instanceof Error ? t('keys.unlock.wrong') : t('keys.unlock.offline');
      }}
      onDismiss={onDismiss}
    />
  );
}
