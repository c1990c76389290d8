/**
 * The public screens as lazy chunks, shared by both worlds of the app: the router-free public
 * pages (PublicApp.tsx) and the full router (router.tsx), so each screen is one chunk.
 */
import { lazy } from 'react';

export const Landing = lazy(() => import('../features/landing'));
export const Login = lazy(() => import('../features/auth/LoginPage'));
export const Register = lazy(() => import('../features/auth/RegisterPage'));
export const ForgotPassword = lazy(() => import('../features/auth/ForgotPasswordPage'));
export const UpgradeAccount = lazy(() => import('../features/auth/UpgradeAccountPage'));
export const ResetPassword = lazy(() => import('../features/auth/ResetPasswordPage'));
export const Help = lazy(() => import('../features/static-pages/HelpPage'));
export const Privacy = lazy(() => import('../features/static-pages/PrivacyPage'));
export const Terms = lazy(() => import('../features/static-pages/TermsPage'));
export const Contact = lazy(() => import('../features/static-pages/ContactPage'));
