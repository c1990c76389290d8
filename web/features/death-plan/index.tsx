/** My After-Death Plan screen (SPEC.md §2). Placeholder until its feature lands; keep the default export stable. */
import { PageHeader } from '../../ui/PageHeader';

export default function DeathPlanPage() {
  return <PageHeader title="My After-Death Plan" subtitle="Funeral and memorial wishes, music, readings and the words you want said." />;
}
