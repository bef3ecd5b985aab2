import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** Load more under the list, while there is more; a failed page says so on the button. */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoad,
  failedMessage,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
  /** Said above the button when the last page failed: 'More orders could not be loaded.' */
  failedMessage: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {failedMessage}
        </p>
      )}
      <Button type="button" variant="secondary" onClick={onLoad} disabled={loading}>
        {loading && <Spinner />}
        {failed ? 'Try Again' : 'Load more'}
      </Button>
    </div>
  );
}
