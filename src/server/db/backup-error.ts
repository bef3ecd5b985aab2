/** A refusal or failure of `npm run backup` / `npm run restore` whose message is meant for the person running it. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const EMPTY_TARGET_HINT =
  'Restore only into an empty data directory: point DATA_DIR at a new directory, or move the old one away first.';
