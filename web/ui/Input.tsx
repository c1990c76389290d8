/**
 * Text inputs: <Input> and <Textarea>. Plain elements with our look; every prop and the ref
 * are forwarded, so `{...register('field')}` from react-hook-form works. `aria-invalid` turns
 * the border red (FormField sets it).
 */
import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

/** Shared look of text-like controls (inputs, textareas, select and date triggers). */
export const controlClasses = cn(
  'w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-500 focus:border-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-accent-600/40',
  'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-slate-500',
  'aria-[invalid=true]:border-red-600',
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(controlClasses, 'h-11', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, rows = 4, ...props },
  ref,
) {
  return <textarea ref={ref} rows={rows} className={cn(controlClasses, 'min-h-24 py-2 leading-relaxed', className)} {...props} />;
});
