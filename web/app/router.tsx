/**
 * Every route of SPEC.md §2 "Screens and routes". Each screen is its own lazy chunk, so the
 * landing, login and register pages never load signed-in screens' code. `routes` is shared by
 * the browser router (web/main.tsx) and the build-time prerender of the public pages
 * (web/prerender-entry.tsx), so both render the same tree and hydration matches.
 */
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { AppChrome } from './AppChrome';
import { FullPageLoading, GuestOnly, RequireUser, SessionGate } from './guards';
import { NavigateContext } from './navigation';
import PublicLayout from './PublicLayout';
import { ScreenError } from './ScreenError';
import { Contact, ForgotPassword, Help, Landing, Login, Privacy, Register, ResetPassword, Terms, UpgradeAccount } from './screens';
import { useSession } from './session';
import { RECOVERY_KIT_PATH } from '../features/keys/recovery-kit-store';
import { registersServiceWorker } from '../pwa/worker-pages';

const AppLayout = lazy(() => import('./AppLayout'));
const SignedInServices = lazy(() => import('./SignedInServices'));
const NotFound = lazy(() => import('../features/not-found'));
const Dashboard = lazy(() => import('../features/dashboard'));
const DeathPlan = lazy(() => import('../features/death-plan'));
const MessageVault = lazy(() => import('../features/message-vault/MessageVaultPage'));
const Documents = lazy(() => import('../features/documents'));
const Trustees = lazy(() => import('../features/trustees'));
const Profile = lazy(() => import('../features/profile/ProfilePage'));
const SurvivorTasks = lazy(() => import('../features/survivor-tasks'));
const Settings = lazy(() => import('../features/settings/SettingsPage'));
const Rehearsal = lazy(() => import('../features/rehearsal'));
const RecoveryKit = lazy(() => import('../features/keys/RecoveryKitPage'));
const Shared = lazy(() => import('../features/sharing/SharedPage'));
const Emergency = lazy(() => import('../features/emergency/EmergencyPage'));

function Root() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <NavigateContext.Provider value={navigate}>
      <ScrollRestoration />
      <SessionGate>
        <Suspense fallback={<FullPageLoading />}>
          <Outlet />
        </Suspense>
      </SessionGate>
      <AppChrome serviceWorker={registersServiceWorker(pathname, signedIn)} />
      {signedIn && (
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      )}
    </NavigateContext.Provider>
  );
}

/** Signed-in frame when someone is signed in, the public frame otherwise (help, legal, 404). */
function AdaptiveLayout() {
  const user = useSession((s) => s.user);
  return user ? (
    <AppLayout />
  ) : (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}

const signedIn = (element: React.ReactNode) => <RequireUser>{element}</RequireUser>;
/** Screens inside a layout: a screen that cannot be shown shows ScreenError there, the layout (and its navigation) stays. */
const screens = (children: RouteObject[]): RouteObject[] => children.map((r) => ({ ...r, errorElement: <ScreenError /> }));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ScreenError />,
    children: [
      { path: '/', element: <Landing /> },
      {
        element: (
          <GuestOnly>
            <PublicLayout>
              <Outlet />
            </PublicLayout>
          </GuestOnly>
        ),
        children: screens([
          { path: '/login', element: <Login /> },
          { path: '/register', element: <Register /> },
          { path: '/upgrade-account', element: <UpgradeAccount /> },
        ]),
      },
      {
        element: signedIn(<AppLayout />),
        children: screens([
          { path: '/dashboard', element: <Dashboard /> },
          { path: '/death-plan', element: <DeathPlan /> },
          { path: '/message-vault', element: <MessageVault /> },
          { path: '/message-vault/new', element: <MessageVault openCreate /> },
          { path: '/documents', element: <Documents /> },
          { path: '/documents/upload', element: <Documents openCreate /> },
          { path: '/trustees', element: <Trustees /> },
          { path: '/trustees/new', element: <Trustees openCreate /> },
          { path: '/profile', element: <Profile /> },
          { path: '/survivor-tasks', element: <SurvivorTasks /> },
          { path: '/settings', element: <Settings /> },
          { path: '/settings/rehearsal', element: <Rehearsal /> },
          { path: RECOVERY_KIT_PATH, element: <RecoveryKit /> },
          { path: '/emergency', element: <Emergency /> }, // a trustee's request for emergency access: refuse, or end it (issue 43)
          { path: '/emergency/:id', element: <Emergency /> },
        ]),
      },
      {
        element: <AdaptiveLayout />,
        children: screens([
          { path: '/forgot-password', element: <ForgotPassword /> },
          { path: '/reset-password', element: <ResetPassword /> },
          { path: '/help', element: <Help /> },
          { path: '/privacy', element: <Privacy /> },
          { path: '/terms', element: <Terms /> },
          { path: '/contact', element: <Contact /> },
          { path: '/shared/:id', element: <Shared /> }, // a shared item's read-only view, no account needed (issue 43)
          { path: '*', element: <NotFound /> },
        ]),
      },
    ],
  },
];
