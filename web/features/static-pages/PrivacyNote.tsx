/** Settings' pointer to "Your privacy" (/privacy): one line saying where to read what the server sees, in the person's language ('privacy-note', issue 44). */
import { AppLink as Link } from '../../app/navigation';
import { T } from '../../i18n/T';
import { usePrivacyNoteMessages } from './privacy-note-messages';

/** The line, its link to /privacy the message's `<0>`. */
export function PrivacyNote() {
  usePrivacyNoteMessages();
  return (
    <p className="text-sm text-slate-600">
      <T id="privacyNote.text" components={{ 0: <Link className="font-medium text-accent-700 underline underline-offset-4" to="/privacy" /> }} />
    </p>
  );
}
