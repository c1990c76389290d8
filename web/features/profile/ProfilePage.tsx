/**
 * Profile Settings (SPEC.md §2 "Profile Settings", §4 "Profile"): the profile completion bar and
 * two tabs, 'Personal Information' (the person's details, saved locally) and 'Security' (password
 * change and account deletion, which need the server).
 */
import { useCurrentUser } from '../../app/current-user';
import { Card } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { Progress } from '../../ui/Progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/Tabs';
import { AccountActions } from './AccountActions';
import { PasswordForm } from './PasswordForm';
import { PersonalInfoTab } from './PersonalInfoTab';
import { useT } from '../../i18n/i18n';
import { useProfileMessages } from './messages';

export default function ProfilePage() {
  useProfileMessages();
  const { t } = useT();
  const user = useCurrentUser();
  if (!user) return null;
  const completion = user.profileCompletion ?? 0;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <Card className="mb-6 p-5">
        <div className="mb-2 flex items-center justify-between">
          <span className="font-medium text-slate-900">{t('profile.completion')}</span>
          <span className="font-semibold text-slate-900" data-testid="profile-completion">
            {completion}%
          </span>
        </div>
        <Progress value={completion} max={100} label={t('profile.completion')} />
      </Card>
      <Tabs defaultValue="personal">
        <TabsList aria-label={t('profile.sections')}>
          <TabsTrigger value="personal">{t('profile.tab.personal')}</TabsTrigger>
          <TabsTrigger value="security">{t('profile.tab.security')}</TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          <PersonalInfoTab user={user} />
        </TabsContent>
        <TabsContent value="security" className="flex flex-col gap-6">
          <PasswordForm />
          <AccountActions userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
