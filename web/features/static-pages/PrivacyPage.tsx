/**
 * /privacy, "Your privacy": what is sealed on a person's devices and what the server sees, in plain
 * words for a family (issue "Sealed from the server", Honest words; DESIGN.md §2, §3), in the
 * person's language (the 'privacy' catalog, issue 44). The list of what the server sees is generated
 * from the field table (privacy-facts.ts, shared/crypto/fields.ts) so it cannot drift; the threat
 * model behind it is SECURITY.md "Threat model", and "When you die" follows SECURITY.md "Release
 * escrow" and "Trustee kits: who can read what" (privacy-page.test.ts). "When you die" quotes the
 * message form's two ways a letter travels in each language's own words (the 'message-vault'
 * catalog's `messages.delivery.server`/`.trustee`, checked by privacy-page.test.ts).
 */
import type { ReactNode } from 'react';
import { T } from '../../i18n/T';
import { useT, type MessageId } from '../../i18n/i18n';
import { plainLines } from './privacy-facts';
import { usePrivacyMessages } from './privacy-messages';
import { StaticPage } from './StaticPage';

/** A section of the page: its heading (`id` names it for the section's aria-labelledby) and its content. */
function Section({ id, title, children }: { id: string; title: MessageId; children: ReactNode }) {
  const { t } = useT();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {children}
    </section>
  );
}

/** The items of a list, one message each. */
function Items({ ids }: { ids: readonly MessageId[] }) {
  const { t } = useT();
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>{t(id)}</li>
      ))}
    </ul>
  );
}

/** /privacy. */
export default function PrivacyPage() {
  usePrivacyMessages();
  const { t } = useT();
  return (
    <StaticPage title={t('privacy.title')} lead={t('privacy.lead')}>
      <Section id="privacy-sealed" title="privacy.sealed.title">
        <p>{t('privacy.sealed.intro')}</p>
        <Items ids={['privacy.sealed.letters', 'privacy.sealed.plan', 'privacy.sealed.documents', 'privacy.sealed.trustees', 'privacy.sealed.tasks']} />
        <p className="mt-3">{t('privacy.sealed.password')}</p>
      </Section>
      <Section id="privacy-seen" title="privacy.seen.title">
        <p>{t('privacy.seen.intro')}</p>
        <ul>
          {plainLines().map((line) => (
            <li key={line.area}>
              <T id="privacy.seen.line" values={{ area: t(line.area), fields: line.seen.map((id) => t(id)).join('; ') }} components={{ 0: <strong /> }} />
            </li>
          ))}
        </ul>
        <p className="mt-3">{t('privacy.seen.more')}</p>
      </Section>
      <Section id="privacy-release" title="privacy.release.title">
        <p>{t('privacy.release.when')}</p>
        <p>{t('privacy.release.copy')}</p>
        <p>{t('privacy.release.kits')}</p>
        <p>{t('privacy.release.backups')}</p>
      </Section>
      <Section id="privacy-password" title="privacy.password.title">
        <p>{t('privacy.password.text')}</p>
      </Section>
      <Section id="privacy-never" title="privacy.never.title">
        <Items ids={['privacy.never.sell', 'privacy.never.cookies', 'privacy.never.ai']} />
      </Section>
      <Section id="privacy-device" title="privacy.device.title">
        <p>{t('privacy.device.text')}</p>
      </Section>
    </StaticPage>
  );
}
