/** The full app: react-router's data router over every route (router.tsx). A lazy chunk: signed-out public pages never load it. */
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './router';

export default function FullApp() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
