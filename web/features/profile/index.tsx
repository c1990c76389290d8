/** Profile Settings screen (SPEC.md §2). Placeholder until its feature lands; keep the default export stable. */
import { PageHeader } from '../../ui/PageHeader';

export default function ProfilePage() {
  return <PageHeader title="Profile Settings" subtitle="Your name, contact details and account." />;
}
