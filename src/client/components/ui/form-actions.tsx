import { Button } from './button';
import { Spinner } from './spinner';

/**
 * The footer of a form on a page (not in a dialog): put the changes back, or save them with a spinner while the
 * save runs. Both wait until something has changed.
 */
export function FormActions({
  dirty,
  pending,
  onDiscard,
  saveLabel = 'Save',
  discardLabel = 'Discard Changes',
  className = '',
}: {
  dirty: boolean;
  pending: boolean;
  onDiscard: () => void;
  saveLabel?: string;
  discardLabel?: string;
  className?: string;
}) {
  return (
    <div className={`flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>
      <Button type="button" variant="secondary" disabled={!dirty || pending} onClick={onDiscard}>
        {discardLabel}
      </Button>
      <Button type="submit" disabled={!dirty || pending}>
        {pending && <Spinner />}
        {saveLabel}
      </Button>
    </div>
  );
}
