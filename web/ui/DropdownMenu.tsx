/**
 * A menu of actions (Radix DropdownMenu) with our look.
 *
 * @example
 * <DropdownMenu>
 *   <DropdownMenuTrigger asChild><Button variant="ghost" aria-label="Actions">…</Button></DropdownMenuTrigger>
 *   <DropdownMenuContent align="end">
 *     <DropdownMenuLabel>Jane Doe</DropdownMenuLabel>
 *     <DropdownMenuSeparator />
 *     <DropdownMenuItem onSelect={…}>Edit</DropdownMenuItem>
 *   </DropdownMenuContent>
 * </DropdownMenu>
 */
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from './cn';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export const DropdownMenuContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixMenu.Content>>(
  function DropdownMenuContent({ className, sideOffset = 6, ...props }, ref) {
    return (
      <RadixMenu.Portal>
        <RadixMenu.Content
          ref={ref}
          sideOffset={sideOffset}
          className={cn('z-50 min-w-52 rounded-lg border border-stone-200 bg-white p-1 shadow-lg', className)}
          {...props}
        />
      </RadixMenu.Portal>
    );
  },
);

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof RadixMenu.Item> {
  destructive?: boolean;
}

export const DropdownMenuItem = forwardRef<HTMLDivElement, DropdownMenuItemProps>(function DropdownMenuItem(
  { className, destructive, ...props },
  ref,
) {
  return (
    <RadixMenu.Item
      ref={ref}
      className={cn(
        'flex min-h-10 cursor-default items-center gap-2 rounded-md px-3 py-2 text-base outline-none select-none [&_svg]:size-4',
        'data-[disabled]:opacity-50 data-[highlighted]:bg-stone-100',
        destructive ? 'text-red-700' : 'text-slate-800',
        className,
      )}
      {...props}
    />
  );
});

export const DropdownMenuLabel = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof RadixMenu.Label>>(
  function DropdownMenuLabel({ className, ...props }, ref) {
    return <RadixMenu.Label ref={ref} className={cn('px-3 py-2 text-sm', className)} {...props} />;
  },
);

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-stone-200" />;
}
