import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { showErrorToast } from '~/client/lib/error-toast';
import { toast } from '~/client/lib/toast';
import { Button } from './button';
import { Spinner } from './spinner';

/** What every export tells when its file is saved or could not be made: give these to its mutation. */
export const exportToasts = {
  onSuccess: (filename: string) => toast.success('Export complete', { description: filename }),
  onError: (error: Error) => showErrorToast(error, 'Export failed'),
};

/** An export's button: a spinner while the file is made, the download icon and "Export CSV" (or `children`) else. */
export function ExportButton({
  exporting,
  onExport,
  title,
  className,
  children = 'Export CSV',
}: {
  exporting: boolean;
  onExport: () => void;
  /** What the file holds, for the tooltip. */
  title?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={exporting}
      onClick={onExport}
      title={title}
      className={className}
    >
      {exporting ? <Spinner /> : <Download className="size-5" aria-hidden />}
      {children}
    </Button>
  );
}
