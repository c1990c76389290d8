/**
 * What a screen shows instead of react-router's developer page when it cannot be shown (the
 * route's `errorElement`, router.tsx): most often its code could not be fetched (a first visit
 * gone offline before the app was cached, or a tab left open across an update whose old files
 * are gone). Says so in words, says that nothing written is lost (records live on this device,
 * DESIGN.md §2), and offers to reload. The error goes to the console for whoever debugs it.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../ui/Button';

/** True for the error a dynamic import throws when its file cannot be fetched (Chromium, Firefox, Safari wordings). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

export function ScreenError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => console.error('A screen could not be shown:', error), [error]);
  return (
    <section className="mx-auto max-w-xl space-y-4 py-10" role="alert">
      <h1 className="font-serif text-2xl text-slate-900">{chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}</h1>
      <p className="text-slate-700">
        {chunk ? 'Afterword could not fetch this page. Check your internet connection, then reload.' : 'Reloading the page usually puts it right.'}{' '}
        Nothing you wrote is lost: it is kept on this device.
      </p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </section>
  );
}
