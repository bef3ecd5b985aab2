import type { ReactNode } from 'react';
import { BackButton } from '~/client/components/back-button';
import { VaultLogo } from '~/client/components/vault-logo';
import { paths } from '~/client/lib/paths';

/** The frame of the sign-in and request-access screens: Back to /, the logo, a title, and a card. */
export function AccountScreen({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-4 pt-3 pb-12 sm:px-6 sm:pt-6">
      <title>{`${title} · The Vault`}</title>
      <div>
        <BackButton to={paths.welcome()} />
      </div>
      <div className="mt-4 flex flex-col items-center text-center">
        <VaultLogo className="size-14" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-2 text-base text-text-muted">{subtitle}</p>}
      </div>
      <div className="mt-6 rounded-2xl border border-border bg-surface p-5 sm:p-6">{children}</div>
      {footer && <div className="mt-6 text-center text-sm text-text-muted">{footer}</div>}
    </main>
  );
}
