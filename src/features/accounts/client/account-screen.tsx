import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BackButton } from '~/client/components/back-button';
import { PageTitle } from '~/client/components/ui/page-title';
import { useShopName } from '~/client/lib/shop-name';
import { VaultLogo } from '~/client/components/vault-logo';
import { paths } from '~/client/lib/paths';

interface Screen {
  title: string;
  subtitle?: string;
  /** Where Back goes (the welcome page unless said). */
  back?: string;
  /** The way to the other screen, under the card. */
  other?: { question: string; to: string; label: string };
}

const signInInstead = { question: 'Remembered it?', to: paths.login(), label: 'Sign In' };

/** Each screen's title and subtitle, and under its card the way to the other one. */
const SCREENS = {
  login: {
    title: 'Welcome Back',
    subtitle: "Sign in to your members' account.",
    other: { question: 'Not a member yet?', to: paths.requestAccess(), label: 'Request Access' },
  },
  'request-access': {
    title: 'Join The Vault',
    subtitle: 'Create your account to get started.',
    other: { question: 'Already a member?', to: paths.login(), label: 'Sign In' },
  },
  'forgot-password': {
    title: 'Forgot Password',
    subtitle: 'We will e-mail you a link to choose a new one.',
    back: paths.login(),
    other: signInInstead,
  },
  'reset-password': {
    title: 'Choose a New Password',
    subtitle: 'At least 8 characters, not one you use elsewhere.',
    back: paths.login(),
    other: signInInstead,
  },
  'verify-email': { title: 'Confirm Your E-mail' },
} satisfies Record<string, Screen>;

/**
 * The frame of the sign-in, request-access and e-mail link screens: Back, the logo, the screen's title, its form
 * or message in a card (`children`), and the link to the other screen.
 */
export function AccountScreen({ screen, children }: { screen: keyof typeof SCREENS; children: ReactNode }) {
  const { title, subtitle, back, other }: Screen = SCREENS[screen];
  const shopName = useShopName();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 pt-3 pb-12 sm:px-6 sm:pt-6">
      <PageTitle page={title} />
      <div>
        <BackButton to={back ?? paths.welcome()} />
      </div>
      <div className="mt-4 flex flex-col items-center text-center">
        <VaultLogo className="size-14" title={shopName} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-2 text-base text-text-muted">{subtitle}</p>}
      </div>
      <div className="mt-6 rounded-2xl border border-border bg-surface p-5 sm:p-6">{children}</div>
      {other && (
        <div className="mt-6 text-center text-sm text-text-muted">
          {other.question}{' '}
          <Link
            to={other.to}
            className="inline-flex min-h-11 items-center px-1 font-semibold text-primary hover:text-text"
          >
            {other.label}
          </Link>
        </div>
      )}
    </main>
  );
}
