import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';

/** The public pages' way home: a real link, so it works without history (opened from a bookmark). */
export function BackButton({ to, label = 'Back' }: { to: string; label?: string }) {
  return (
    <Button asChild variant="ghost" className="-ml-2 px-2">
      <Link to={to}>
        <ArrowLeft className="size-5" aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
