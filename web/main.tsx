/** Entry of the web app: styles, the session check (SPEC.md §2), the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { bootstrapSession } from './app/bootstrap-session';
import { router } from './app/router';
import './styles.css';

// Names this build (VITE_BUILD_ID at build time); two builds with different ids differ, which is
// how the browser test makes a new version for the update prompt.
document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? 'dev';

void bootstrapSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
