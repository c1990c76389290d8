/** A form label (Radix Label): `<Label htmlFor="email">Email</Label>`. */
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { Label as RadixLabel } from 'radix-ui';
import { cn } from './cn';

export const Label = forwardRef<HTMLLabelElement, ComponentPropsWithoutRef<typeof RadixLabel.Root>>(function Label(
  { className, ...props },
  ref,
) {
  return <RadixLabel.Root ref={ref} className={cn('text-sm font-medium text-slate-800', className)} {...props} />;
});
