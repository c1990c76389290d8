/** Dashboard screen (SPEC.md §2 "Dashboard"). Placeholder until its feature lands; keep the default export stable. */
import { useSession } from '../../app/session';
import { PageHeader } from '../../ui/PageHeader';

export default function DashboardPage() {
  const user = useSession((s) => s.user);
  return <PageHeader title={`Welcome, ${user?.firstName ?? ''}`} subtitle="Here is where your plans stand today." />;
}
