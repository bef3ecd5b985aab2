import { Sticker } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';

/**
 * The floating shortcut to the menu. It sits above the toasts' area so a toast never covers it. Hidden on the menu
 * itself, and in the inbox and the cart, where it would cover the message composer or the order form.
 */
export function StickerMenuButton() {
  const { pathname } = useLocation();
  if (pathname === paths.menu() || pathname === paths.cart() || pathname.startsWith(paths.inbox()))
    return null;
  return (
    <Link
      to={paths.menu()}
      className="fixed right-4 bottom-[calc(6.5rem+env(safe-area-inset-bottom))] z-30 inline-flex min-h-12 items-center gap-2 rounded-full bg-primary px-5 text-base font-semibold text-on-primary shadow-lg shadow-background transition-colors duration-150 hover:bg-primary-strong md:right-6"
    >
      <Sticker className="size-5" aria-hidden />
      Sticker Menu
    </Link>
  );
}
