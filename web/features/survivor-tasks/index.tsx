/** Survivor Tasks screen (SPEC.md §2). Placeholder until its feature lands; keep the default export stable. */
import { PageHeader } from '../../ui/PageHeader';

export default function SurvivorTasksPage() {
  return <PageHeader title="Survivor Tasks" subtitle="A guide for the people who will handle things after you are gone." />;
}
