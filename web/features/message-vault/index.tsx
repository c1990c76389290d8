/**
 * Message Vault screen (SPEC.md §2). Placeholder until its feature lands; keep the default export and
 * props stable. `openCreate`: the route ends in /new or /upload, so the create dialog opens at once.
 */
import { PageHeader } from '../../ui/PageHeader';

export interface MessageVaultPageProps {
  openCreate?: boolean;
}

export default function MessageVaultPage({ openCreate = false }: MessageVaultPageProps) {
  void openCreate;
  return <PageHeader title="Message Vault" subtitle="Letters, recordings and videos for the people you love, delivered when the time comes." />;
}
