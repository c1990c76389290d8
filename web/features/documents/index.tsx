/**
 * Legal Documents screen (SPEC.md §2). Placeholder until its feature lands; keep the default export and
 * props stable. `openCreate`: the route ends in /new or /upload, so the create dialog opens at once.
 */
import { PageHeader } from '../../ui/PageHeader';

export interface DocumentsPageProps {
  openCreate?: boolean;
}

export default function DocumentsPage({ openCreate = false }: DocumentsPageProps) {
  void openCreate;
  return <PageHeader title="Legal Documents" subtitle="Your will, insurance and financial papers, where your trustees can find them." />;
}
