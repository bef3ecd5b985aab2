/** The first-load screen, shown only while the session is being restored. */
export function LoadingVault() {
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center bg-background">
      <div className="flex flex-col items-center gap-4">
        <div
          className="size-12 animate-spin rounded-full border-4 border-border border-t-primary"
          aria-hidden
        />
        <p className="text-lg font-semibold tracking-wide text-text">Loading Vault...</p>
      </div>
    </div>
  );
}
