import { useEffect } from 'react';
import { useNow } from '~/client/lib/use-clock';
import { formatCountdown } from '../delivery.schema';

/**
 * mm:ss until the claim expires, counted on the server's clock (this device's clock plus the offset measured
 * when the queue arrived), so a phone whose clock is off still shows the right time. Calls `onExpired` once
 * the time is up.
 */
export function ClaimCountdown({
  expiresAt,
  clockOffsetMs,
  onExpired,
}: {
  expiresAt: string;
  clockOffsetMs: number;
  onExpired?: () => void;
}) {
  const now = useNow(250);
  const left = Date.parse(expiresAt) - (now + clockOffsetMs);
  const expired = left <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);
  const urgent = left < 60_000;
  return (
    <div className="flex flex-col items-center">
      <span className="text-xs font-medium tracking-wide text-text-muted uppercase">Time to submit ETA</span>
      <span
        role="timer"
        aria-label={`Time left to submit the ETA: ${formatCountdown(left)}`}
        className={`text-5xl font-bold tabular ${urgent ? 'text-danger' : 'text-coin'}`}
      >
        {formatCountdown(left)}
      </span>
    </div>
  );
}
