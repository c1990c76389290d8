/** Settings screen (SPEC.md §2). Placeholder until its feature lands; keep the default export stable. */
import { PageHeader } from '../../ui/PageHeader';

export default function SettingsPage() {
  return <PageHeader title="Settings" subtitle="Preferences for this device and your account." />;
}
