/**
 * The one button of the app. Variants: default (slate), accent (warm call to action), outline,
 * ghost, destructive. Sizes: sm, md, lg, icon. `asChild` renders the child (e.g. a router
 * <Link>) with the button's look. Forwards every other prop and the ref to <button>.
 */
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { Slot } from 'radix-ui';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';

export { type ButtonSize, type ButtonVariant, buttonClasses };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', asChild = false, className, type, ...props },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      className={buttonClasses(variant, size, className)}
      {...props}
    />
  );
});
