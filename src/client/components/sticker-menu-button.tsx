import { Sticker } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';

/** The pages with a column narrow enough (48rem at most) to leave a free margin for floating buttons. */
const NARROW_PAGES: string[] = [
  paths.feed(),
  paths.leaderboard(),
  paths.missions(),
  paths.orders(),
  paths.profile(),
];

const shownOn = (pathname: string) =>
  NARROW_PAGES.includes(pathname) || pathname.startsWith(`${paths.profile()}/`);

/**
 * The shortcut to the menu. It never covers the page: on wide screens (xl) it floats in the free margin right of
 * the column, above the toasts' corner; on narrower ones it closes the page, after the content. It shows only on
 * pages whose column leaves that margin: not on the menu itself, nor where the page has its own primary action
 * (cart, inbox, rewards, driver queue, dashboard).
 */
export function StickerMenuButton() {
  const { pathname } = useLocation();
  if (!shownOn(pathname)) return null;
  return (
    <div className="mx-auto flex w-full max-w-3xl justify-end px-4 pb-[calc(1.5rem+env(safe-area-inset-bottom))] sm:px-6 xl:contents">
      <Link
        to={paths.menu()}
        className="inline-flex min-h-12 items-center gap-2 rounded-full bg-primary px-5 text-base font-semibold text-on-primary shadow-lg shadow-background transition-colors duration-150 hover:bg-primary-strong xl:fixed xl:right-6 xl:bottom-32 xl:z-30"
      >
        <Sticker className="size-5" aria-hidden />
        Sticker Menu
      </Link>
    </div>
  );
}
