/** Settings' pointer to "Your privacy" (/privacy): one line saying where to read what the server sees. */
import { AppLink as Link } from '../../app/navigation';

export function PrivacyNote() {
  return (
    <p className="text-sm text-slate-600">
      What stays sealed on your devices and what our server sees:{' '}
      <Link className="font-medium text-accent-700 underline underline-offset-4" to="/privacy">
        Your privacy
      </Link>
      .
    </p>
  );
}
