/** Entry of the web app: styles, the session check (SPEC.md §2), the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { bootstrapSession } from './app/bootstrap-session';
import { router } from './app/router';
import './styles.css';

void bootstrapSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
