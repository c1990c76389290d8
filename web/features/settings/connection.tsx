/**
 * Settings needs the server (release state lives there). These pieces say so honestly: a card
 * that could not load offers "Try again" and reloads by itself when the connection returns, and
 * an action that fails while offline says "You're offline" rather than "Please try again later.".
 */
import { useEffect, useRef } from 'react';
import { serverMessage } from '../../api/client';
import { t as words, useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import './messages';

/** Calls `reload` each time the browser comes back online (the `online` event). */
export function useReloadOnline(reload: () => void): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}

/** The text of a failed Settings action: offline says so; otherwise the server's message or the fallback. */
export function actionErrorText(err: unknown, online = typeof navigator === 'undefined' || navigator.onLine): string {
  if (!online || (err instanceof TypeError && /fetch|network/i.test(err.message))) return words('settings.offline');
  return serverMessage(err);
}

/** "Needs a connection to load." with a Try again button. */
export function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  const { t } = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{t('settings.needsConnection')}</span>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {t('settings.tryAgain')}
      </Button>
    </span>
  );
}
