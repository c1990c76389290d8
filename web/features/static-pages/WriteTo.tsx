/**
 * The words that send a person to the operator's support address (SUPPORT_EMAIL, service-info.ts):
 * "write to <address>" as a mail link, or, when none is known, "ask whoever runs this Afterword
 * service": never an address nobody reads. Lower case, for the middle of a sentence (the Contact
 * page's messages put it in as their `<0/>`); its words are the 'contact' catalog's (issue 44).
 */
import { T } from '../../i18n/T';
import { useT } from '../../i18n/i18n';
import { useContactMessages } from './contact-messages';

export function WriteTo({ supportEmail }: { supportEmail: string | null }) {
  useContactMessages(); // its words, wherever it is shown (it is exported: static-pages/index.ts)
  const { t } = useT();
  return supportEmail ? (
    <T id="contact.writeTo" values={{ email: supportEmail }} components={{ 0: <a href={`mailto:${supportEmail}`} /> }} />
  ) : (
    <>{t('contact.askOperator')}</>
  );
}
