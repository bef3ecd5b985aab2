import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../lib/paths';

export function Component() {
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-md space-y-6">
        <h1 className="text-4xl font-bold tracking-tight">The Vault</h1>
        <p className="text-lg text-text-muted">An invite-only community for members 21 and over.</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild size="lg">
            <Link to={paths.login()}>Member Sign In</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.requestAccess()}>Request Access</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
