import { Link } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../lib/paths';

export function Component() {
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-sm space-y-4">
        <p className="text-5xl font-bold text-primary tabular">404</p>
        <h1 className="text-2xl font-semibold">Page not found</h1>
        <p className="text-text-muted">This page does not exist, or it has moved.</p>
        <Button asChild>
          <Link to={paths.welcome()}>Back to The Vault</Link>
        </Button>
      </div>
    </main>
  );
}
