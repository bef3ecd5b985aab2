import { LoaderCircle } from 'lucide-react';

/** Only inside a button that is submitting (DESIGN.md, Loading). */
export function Spinner() {
  return <LoaderCircle className="size-5 animate-spin" aria-hidden />;
}
