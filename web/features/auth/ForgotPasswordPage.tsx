/** /forgot-password (SPEC.md §2: "screen not shown"): says honestly that reset by email is not available yet. */
import { AppLink as Link } from '../../app/navigation';
import { AuthCard, authLinkClasses } from './AuthCard';

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Resetting a password by email is not available yet."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to sign in
        </Link>
      }
    >
      <p className="text-slate-700">
        Please write to <a className={authLinkClasses} href="mailto:support@afterword.app">support@afterword.app</a> from
        the email address on your account. We will confirm it is you and help you back in. If you are signed in on
        another device, your plan is still there and safe.
      </p>
    </AuthCard>
  );
}
