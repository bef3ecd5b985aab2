import { useState } from 'react';
import { Link } from 'react-router';
import { VaultLogo } from '~/client/components/vault-logo';
import { Button } from '~/client/components/ui/button';
import { paths } from '~/client/lib/paths';
import { AgeDialog } from './age-dialog';
import { InstallDialog } from './install-dialog';
import {
  installPlatform,
  isAgeVerified,
  markAgeVerified,
  markInstallTipsSeen,
  shouldShowInstallTips,
} from './welcome-flags';

type Gate = 'age' | 'install' | 'none';

export function Component() {
  const [gate, setGate] = useState<Gate>(() => (isAgeVerified() ? 'none' : 'age'));

  const confirmAge = () => {
    markAgeVerified();
    setGate(shouldShowInstallTips() ? 'install' : 'none');
  };
  const closeInstallTips = () => {
    markInstallTipsSeen();
    setGate('none');
  };

  return (
    <main className="relative isolate grid min-h-dvh place-items-center overflow-hidden px-6 py-12">
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-[60dvh] bg-[radial-gradient(ellipse_at_top,var(--color-primary)_0%,transparent_65%)] opacity-15"
      />
      <title>The Vault</title>
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <VaultLogo className="size-24" />
        <h1 className="mt-6 text-4xl font-bold tracking-tight">The Vault</h1>
        <p className="mt-3 text-lg leading-relaxed text-text-muted">
          A private, invite-only community for members 21 and over. Learn, share and collect with people who
          were let in by someone they trust.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg" className="sm:min-w-44">
            <Link to={paths.login()}>Member Sign In</Link>
          </Button>
          <Button asChild size="lg" variant="secondary" className="sm:min-w-44">
            <Link to={paths.requestAccess()}>Request Access</Link>
          </Button>
        </div>
        <div aria-hidden className="relative mt-10 h-px w-40 overflow-hidden">
          <div className="absolute inset-y-0 left-0 w-[200%] animate-shimmer bg-[linear-gradient(90deg,transparent_0%,var(--color-border)_20%,var(--color-coin)_50%,var(--color-border)_80%,transparent_100%)]" />
        </div>
        <p className="mt-3 text-xs font-medium tracking-[0.2em] text-text-muted uppercase">
          Members only · By invitation · 21+
        </p>
        <nav aria-label="About The Vault" className="mt-10 flex flex-wrap justify-center gap-x-1 text-sm">
          <FooterLink to={paths.terms()}>Terms</FooterLink>
          <FooterLink to={paths.privacy()}>Privacy</FooterLink>
          <FooterLink to={paths.communityRules()}>Community Rules</FooterLink>
          <FooterLink to={paths.disclaimer()}>Disclaimer</FooterLink>
        </nav>
      </div>
      <AgeDialog open={gate === 'age'} onConfirm={confirmAge} />
      <InstallDialog open={gate === 'install'} platform={installPlatform()} onDone={closeInstallTips} />
    </main>
  );
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center rounded-lg px-2.5 text-text-muted underline-offset-4 hover:text-text hover:underline"
    >
      {children}
    </Link>
  );
}
