/**
 * The one button of the app. Variants: default (slate), accent (warm call to action), outline,
 * ghost, destructive. Sizes: sm, md, lg, icon. Forwards every other prop and the ref to <button>.
 * A link with a button's look takes `buttonClasses` (web/ui/button-classes.ts): an `asChild` prop
 * (Radix's Slot) brought Slot to every page with a button, the sign-in pages among them (issue 41).
 */
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';

export { type ButtonSize, type ButtonVariant, buttonClasses };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'default', size = 'md', className, type, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      className={buttonClasses(variant, size, className)}
      {...props}
    />
  );
});
