/**
 * <ConfirmHost />: shows the question asked through `confirm()` (confirm.tsx) in a ConfirmDialog whose
 * code loads when it first opens. Mount once near the root; renders nothing while no question waits.
 * Apart from confirm.tsx so that the host itself can load after the first screen (web/app/SignedInServices.tsx, issue 41).
 */
import { LazyConfirmDialog, useConfirmStore } from './confirm';

export function ConfirmHost() {
  const pending = useConfirmStore((s) => s.pending);
  const settle = (ok: boolean) => {
    pending?.resolve(ok);
    useConfirmStore.setState({ pending: null });
  };
  if (!pending) return null;
  const { resolve: _resolve, ...options } = pending;
  return <LazyConfirmDialog {...options} open onOpenChange={(open) => !open && settle(false)} onConfirm={() => settle(true)} />;
}
