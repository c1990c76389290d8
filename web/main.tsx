/**
 * Entry of the web app: styles, the session check (SPEC.md §2), then App (web/app/App.tsx). A
 * page prerendered at build time (scripts/prerender.ts, issue #20) is hydrated when the app starts
 * in the public world (signed out at once: no session hint, web/app/session.ts), so its markup
 * stays on screen; otherwise ('Loading...' while the profile loads) React renders afresh over it.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, startsPublic } from './app/App';
import { bootstrapSession } from './app/bootstrap-session';
import './styles.css';
import { listenForInstallPrompt } from './pwa/install';

listenForInstallPrompt(); // before the browser offers it (web/pwa/install.ts)
void bootstrapSession();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (container.firstElementChild && startsPublic(location.pathname)) {
  // The prerendered page is painted first: hydration waits for the frame after this one, and runs
  // as a transition, which React splits into short tasks (no long task blocking a tap on a slow phone).
  requestAnimationFrame(() => setTimeout(() => startTransition(() => void hydrateRoot(container, app)), 0));
} else createRoot(container).render(app);
