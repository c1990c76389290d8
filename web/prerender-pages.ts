/**
 * The public pages prerendered to HTML at build time (issue #20 "First paint without
 * JavaScript"): path → file under dist/prerender/, and the route module (relative to web/) whose
 * chunks the page preloads. dist/prerender/routes.json maps each path to its file for the server
 * (sync-server/http/web-app.ts); every other path keeps the app shell (dist/index.html).
 */
export interface PrerenderPage {
  path: string;
  file: string;
  module: string;
}

export const PRERENDER_PAGES: readonly PrerenderPage[] = [
  { path: '/', file: 'landing.html', module: 'features/landing/index.tsx' },
  { path: '/login', file: 'login.html', module: 'features/auth/LoginPage.tsx' },
  { path: '/register', file: 'register.html', module: 'features/auth/RegisterPage.tsx' },
  { path: '/forgot-password', file: 'forgot-password.html', module: 'features/auth/ForgotPasswordPage.tsx' },
  { path: '/help', file: 'help.html', module: 'features/static-pages/HelpPage.tsx' },
  { path: '/privacy', file: 'privacy.html', module: 'features/static-pages/PrivacyPage.tsx' },
  { path: '/terms', file: 'terms.html', module: 'features/static-pages/TermsPage.tsx' },
  { path: '/contact', file: 'contact.html', module: 'features/static-pages/ContactPage.tsx' },
];
