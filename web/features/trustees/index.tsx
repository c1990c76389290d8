/**
 * Trustees screen (SPEC.md §2). Placeholder until its feature lands; keep the default export and
 * props stable. `openCreate`: the route ends in /new or /upload, so the create dialog opens at once.
 */
import { PageHeader } from '../../ui/PageHeader';

export interface TrusteesPageProps {
  openCreate?: boolean;
}

export default function TrusteesPage({ openCreate = false }: TrusteesPageProps) {
  void openCreate;
  return <PageHeader title="Trustees" subtitle="The people you trust to carry out your wishes." />;
}
