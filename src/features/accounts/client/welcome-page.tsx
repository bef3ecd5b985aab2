import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { VaultLogo } from '~/client/components/vault-logo';
import { Button } from '~/client/components/ui/button';
import { PageTitle } from '~/client/components/ui/page-title';
import { MountWhenOpened, onDemand } from '~/client/lib/on-demand';
import { useShopName } from '~/client/lib/shop-name';
import { whenSettled } from '~/client/lib/when-settled';
import { paths } from '~/client/lib/paths';
import { AgeDialog } from './age-dialog';
import { useInstallPrompt } from './install-prompt';
import {
  installPlatform,
  isAgeVerified,
  markAgeVerified,
  markInstallTipsSeen,
  shouldShowInstallTips,
} from './welcome-flags';

type Gate = 'age' | 'install' | 'none';

/**
 * The Add to Home Screen tips show once, after the age gate: their code loads once the page has settled, off the
 * first load. The browser's install offer is listened for from the start (install-prompt.ts), here.
 */
const InstallDialog = onDemand(() => import('./install-dialog').then((m) => m.InstallDialog));

export function Component() {
  const shopName = useShopName();
  const [gate, setGate] = useState<Gate>(() => (isAgeVerified() ? 'none' : 'age'));
  const { install } = useInstallPrompt();
  useEffect(() => {
    if (shouldShowInstallTips()) void whenSettled().then(InstallDialog.preload);
  }, []);

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
      <PageTitle />
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <VaultLogo className="size-24" title={shopName} />
        <h1 className="mt-6 text-4xl font-bold tracking-tight">{shopName}</h1>
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
        <nav aria-label={`About ${shopName}`} className="mt-10 flex flex-wrap justify-center gap-x-1 text-sm">
          <FooterLink to={paths.terms()}>Terms</FooterLink>
          <FooterLink to={paths.privacy()}>Privacy</FooterLink>
          <FooterLink to={paths.communityRules()}>Community Rules</FooterLink>
          <FooterLink to={paths.disclaimer()}>Disclaimer</FooterLink>
        </nav>
      </div>
      <AgeDialog open={gate === 'age'} onConfirm={confirmAge} />
      <MountWhenOpened open={gate === 'install'}>
        <InstallDialog
          open={gate === 'install'}
          platform={installPlatform()}
          install={install}
          onDone={closeInstallTips}
        />
      </MountWhenOpened>
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
