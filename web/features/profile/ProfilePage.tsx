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

export default function ProfilePage() {
  const user = useCurrentUser();
  if (!user) return null;
  const completion = user.profileCompletion ?? 0;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Profile Settings" subtitle="Your name, contact details and account." />
      <Card className="mb-6 p-5">
        <div className="mb-2 flex items-center justify-between">
          <span className="font-medium text-slate-900">Profile Completion</span>
          <span className="font-semibold text-slate-900" data-testid="profile-completion">
            {completion}%
          </span>
        </div>
        <Progress value={completion} max={100} label="Profile Completion" />
      </Card>
      <Tabs defaultValue="personal">
        <TabsList aria-label="Profile sections">
          <TabsTrigger value="personal">Personal Information</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
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
