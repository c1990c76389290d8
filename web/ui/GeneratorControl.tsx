/**
 * The reusable generator control (SPEC.md §2 "Generator control", §4 "Generator", §8): a button
 * 'Generate {kind}' that asks the AI for automation content (the built-in helper on the device,
 * offline too; a model on the server only after the consent dialog, web/ai/ask-ai.ts), then a dialog 'Generated
 * {kind}' where the person reviews the text (Preview) or changes it (Edit) before Save hands it
 * to `onSave` and closes. States: idle → generating (button disabled, 'Generating...') → result
 * dialog in preview or edit mode. The preview is plain text with whitespace kept, never HTML.
 *
 * Errors never throw: a response without automationContent gives 'Generation Failed', any other
 * failure (network, 4xx/5xx, a missing endpoint) 'Generation Error' (for a 429, e.g. the server's
 * AI budget, with the server's words as its description). Cancel in the consent dialog shows
 * nothing.
 *
 * @example
 * <GeneratorControl request={{ taskType: 'legal', automationType: 'email', taskDetails }}
 *   onSave={(text) => appendStep(text)} />
 */
import { useState } from 'react';
import type { z } from 'zod';
import { AUTOMATION_KIND_NAMES, DEFAULT_AUTOMATION_KIND_NAME } from '../../shared/labels';
import type { automationRequestSchema } from '../../shared/schema/ai';
import { askAiInApp } from '../ai/app-deps';
import { AiCancelled } from '../ai/ask-ai';
import { limitReason } from '../api/refusal';
import { Button } from './Button';
import { cn } from './cn';
import { Dialog, DialogClose } from './Dialog';
import { Textarea } from './Input';
import { toast } from './toast-store';

export type AutomationRequest = z.input<typeof automationRequestSchema>;

/** The kind name of an automation type ('email' → 'email template'; unknown → 'automation content'). */
export function automationKindName(automationType: string): string {
  return (AUTOMATION_KIND_NAMES as Record<string, string>)[automationType] ?? DEFAULT_AUTOMATION_KIND_NAME;
}

export interface GeneratorControlProps {
  /** The body of the request (SPEC.md §3 "Automation request"). */
  request: AutomationRequest;
  /** Receives the (possibly edited) text when the person presses Save. */
  onSave: (content: string) => void;
  className?: string;
}

export function GeneratorControl({ request, onSave, className }: GeneratorControlProps) {
  const kind = automationKindName(request.automationType);
  const [generating, setGenerating] = useState(false);
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'preview' | 'edit'>('preview');
  const [content, setContent] = useState('');

  const generate = async () => {
    setGenerating(true);
    try {
      const res: { automationContent?: unknown } | null = await askAiInApp('automation', request);
      const text = res?.automationContent;
      if (typeof text !== 'string' || text.trim() === '') {
        toast({ title: 'Generation Failed', description: 'Failed to generate automation content. Please try again.', variant: 'destructive' });
        return;
      }
      setContent(text);
      setMode('preview');
      setOpen(true);
    } catch (err) {
      if (err instanceof AiCancelled) return;
      console.error('Generation Error', err);
      // A refusal for a limit (the server's AI budget, 429) says why in the server's words.
      toast({ title: 'Generation Error', description: limitReason(err) ?? 'An error occurred while generating automation content.', variant: 'destructive' });
    } finally {
      setGenerating(false);
    }
  };

  const save = () => {
    onSave(content);
    setOpen(false);
    toast({ title: 'Automation Saved', description: `The ${kind} has been saved.` });
  };

  return (
    <>
      <Button variant="outline" onClick={generate} disabled={generating} className={cn('w-full sm:w-auto', className)}>
        {generating ? 'Generating...' : `Generate ${kind}`}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="lg"
        title={`Generated ${kind}`}
        description="Review and edit the AI-generated content below"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={save}>Save</Button>
          </>
        }
      >
        <div className="mb-3 inline-flex rounded-lg border border-stone-200 bg-stone-100 p-1" role="group" aria-label="View">
          {(['preview', 'edit'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={cn(
                'min-h-9 rounded-md px-4 text-sm font-medium text-slate-700 hover:text-slate-900',
                mode === m && 'bg-white text-slate-900 shadow-sm',
              )}
            >
              {m === 'preview' ? 'Preview' : 'Edit'}
            </button>
          ))}
        </div>
        {mode === 'preview' ? (
          <div
            data-testid="generated-preview"
            className="min-h-[300px] rounded-lg border border-stone-200 bg-stone-50 p-4 leading-relaxed break-words whitespace-pre-wrap text-slate-800"
          >
            {content}
          </div>
        ) : (
          <Textarea
            aria-label={`Generated ${kind}`}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            className="min-h-[300px] font-mono text-sm"
          />
        )}
      </Dialog>
    </>
  );
}
