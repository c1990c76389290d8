/**
 * Entry of the web app: styles, the session check (SPEC.md §2), the person's language (issue 44:
 * chosen on this device, else the browser's; web/i18n/device-language.ts), then App
 * (web/app/App.tsx). A page prerendered at build time (scripts/prerender.ts, issue #20) is hydrated
 * when the app starts in the public world (signed out at once: no session hint, web/app/session.ts)
 * in English, the language it was prerendered in, so its markup stays on screen; otherwise
 * ('Loading...' while the profile loads, or another language, once its words are fetched) React
 * renders afresh over it, carrying what was typed into the prerendered form into its own
 * (web/forms/typed-before-render.ts).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startsPublic } from './app/App';
import { bootstrapSession } from './app/bootstrap-session';
import { useSession } from './app/session';
import './styles.css';
import { listenForInstallPrompt } from './pwa/install';
import { startingLanguage } from './i18n/device-language';
import { activateLanguage } from './i18n/i18n';
import { forgetTyped, keepTypedFields } from './forms/typed-before-render';

listenForInstallPrompt(); // before the browser offers it (web/pwa/install.ts)
void bootstrapSession();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const language = startingLanguage();
const hydrates = language === 'en' && container.firstElementChild && startsPublic(location.pathname);
if (hydrates) {
  // The prerendered page is painted first: hydration waits for the frame after this one, and runs
  // as a transition, which React splits into short tasks (no long task blocking a tap on a slow phone).
  requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0));
} else {
  // Rendered afresh over a prerendered page: what the person types into its form meanwhile goes on in
  // the new one; forgotten once signed in (that form is gone).
  keepTypedFields(container);
  const stop = useSession.subscribe((s) => s.status === 'signed-in' && (forgetTyped(), stop()));
  if (language === 'en') createRoot(container).render(app);
  // Another language: its words first (precached, so offline too); if they cannot be fetched, English.
  else void activateLanguage(language).catch((err: unknown) => console.error('Starting in English:', err)).then(() => createRoot(container).render(app));
}
