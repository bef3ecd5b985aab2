import { useEffect } from 'react';
import { useNow } from '~/client/lib/use-clock';
import { formatCountdown } from '../delivery.constants';

/**
 * mm:ss until the claim expires, counted on the server's clock (this device's clock plus the offset measured
 * when the queue arrived), so a phone whose clock is off still shows the right time. Calls `onExpired` once
 * the time is up. `inline` is the small one in the ETA banner that follows the driver around the app.
 */
export function ClaimCountdown({
  expiresAt,
  clockOffsetMs,
  onExpired,
  inline = false,
}: {
  expiresAt: string;
  clockOffsetMs: number;
  onExpired?: () => void;
  inline?: boolean;
}) {
  const now = useNow(250);
  const left = Date.parse(expiresAt) - (now + clockOffsetMs);
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);
  const urgent = left < 60_000;
  const timer = (
    <span
      role="timer"
      aria-label={`Time left to submit the ETA: ${formatCountdown(left)}`}
      className={`font-bold tabular ${inline ? 'text-lg' : 'text-5xl'} ${urgent ? 'text-danger' : 'text-coin'}`}
    >
      {formatCountdown(left)}
    </span>
  );
  if (inline) return timer;
  return (
    <div className="flex flex-col items-center">
      <span className="text-xs font-medium tracking-wide text-text-muted uppercase">Time to submit ETA</span>
      {timer}
    </div>
  );
}
