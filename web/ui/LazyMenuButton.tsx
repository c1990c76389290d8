/**
 * A header menu whose code loads on first reach (issue #20, 41): until then a plain button of the
 * menu trigger's look and name (aria-haspopup="menu", closed) stands in; pointer or focus on it
 * starts loading the menu's chunk (`load`), and a press renders `menu` — the lazy Radix
 * DropdownMenu, told to open as it mounts — which replaces the plain button from then on. Used by
 * the user menu and the Notifications bell (web/app/UserMenu.tsx, features/notifications/).
 */
import { Suspense, useState, type ReactNode } from 'react';

export interface LazyMenuButtonProps {
  /** Imports the menu's chunk (the same import the lazy component uses, so it is fetched once). */
  load: () => Promise<unknown>;
  /** The lazy menu, opening as it mounts (e.g. `<UserMenuDropdown defaultOpen />`). */
  menu: ReactNode;
  className: string;
  'aria-label'?: string;
  /** What the button shows; the same as the menu's trigger shows. */
  children: ReactNode;
}

export function LazyMenuButton({ load, menu, className, 'aria-label': label, children }: LazyMenuButtonProps) {
  const [pressed, setPressed] = useState(false);
  const plain = (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={className}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setPressed(true)}
    >
      {children}
    </button>
  );
  if (!pressed) return plain;
  return <Suspense fallback={plain}>{menu}</Suspense>;
}
