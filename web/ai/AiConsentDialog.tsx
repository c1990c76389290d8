/**
 * The AI consent dialog (DESIGN.md §4, SECURITY.md "What leaves the device"): "This sends
 * {subject} to the AI service configured by your server", the exact values that will go, and
 * Send / Use the built-in helper instead / Cancel. Closing it any other way is Cancel.
 * Shown for the request in web/ai/consent-store.ts; mounted by AppChrome.
 */
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { consentSentence, useConsentStore } from './consent-store';

export function AiConsentDialog() {
  const pending = useConsentStore((s) => s.pending);
  const answer = useConsentStore((s) => s.answer);
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) answer('cancel');
      }}
      title="Send to the AI service?"
      description={pending ? consentSentence(pending.subject) : ''}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => answer('cancel')}>
            Cancel
          </Button>
          <Button variant="outline" onClick={() => answer('builtin')}>
            Use the built-in helper instead
          </Button>
          <Button onClick={() => answer('send')}>Send</Button>
        </div>
      }
    >
      {pending && (
        <>
          <p className="text-sm text-slate-600">Only these values are sent:</p>
          <dl className="mt-2 max-h-64 overflow-y-auto rounded-md border border-stone-200 p-3 text-sm" aria-label="Values that will be sent">
            {pending.values.map(([label, value]) => (
              <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2 py-0.5">
                <dt className="font-medium">{label}</dt>
                <dd className="whitespace-pre-wrap break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Dialog>
  );
}
