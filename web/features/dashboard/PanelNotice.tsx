/** A panel's non-result state: loading, offline, an error (with an optional retry), or a hint. */
import type { ReactNode } from 'react';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { useT } from '../../i18n/i18n';
import { Spinner } from '../../ui/Spinner';

export function PanelNotice({ kind, children, action }: { kind: 'loading' | 'offline' | 'error' | 'info'; children?: ReactNode; action?: ReactNode }) {
  const { t } = useT();
  if (kind === 'loading') return <Spinner label={typeof children === 'string' ? children : t('shell.loading')} showLabel className="py-4" />;
  return (
    <div className="flex flex-col items-start gap-3 rounded-lg bg-stone-50 p-4 text-slate-700" role={kind === 'error' ? 'alert' : undefined}>
      <p className="flex items-start gap-2">
        {kind === 'offline' && <CloudOff className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />}
        {kind === 'error' && <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />}
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}
