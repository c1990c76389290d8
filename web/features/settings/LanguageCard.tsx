/** Settings' language card (issue 44): the language of the screens and of the e-mails to the owner (web/app/LanguageField.tsx). */
import { LanguageField } from '../../app/LanguageField';
import { useT } from '../../i18n/i18n';
import { useSignedInMessages } from '../../ui/signed-in-messages';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';

export function LanguageCard() {
  useSignedInMessages();
  const { t } = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('language.title')}</CardTitle>
      </CardHeader>
      <CardContent className="max-w-sm">
        <LanguageField hint />
      </CardContent>
    </Card>
  );
}
