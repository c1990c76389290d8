/**
 * A form label: `<Label htmlFor="email">Email</Label>`. A plain <label> with Radix Label's one
 * behaviour (a double click on the label's words does not select them), not Radix's component:
 * that brought Radix's Primitive and Slot to every form, the sign-in pages among them (issue 41:
 * ≤ 100 KB). Forwards every prop and the ref to the <label>.
 */
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { cn } from './cn';

export const Label = forwardRef<HTMLLabelElement, ComponentPropsWithoutRef<'label'>>(function Label({ className, onMouseDown, ...props }, ref) {
  return (
    <label
      ref={ref}
      className={cn('text-sm font-medium text-slate-800', className)}
      onMouseDown={(e) => {
        if ((e.target as HTMLElement).closest('button, input, select, textarea')) return; // a control inside keeps its own
        onMouseDown?.(e);
        if (!e.defaultPrevented && e.detail > 1) e.preventDefault();
      }}
      {...props}
    />
  );
});
