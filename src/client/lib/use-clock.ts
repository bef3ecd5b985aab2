import { useEffect, useState } from 'react';

/** The time now (ms), updated every `intervalMs` while the component is shown. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The time now, updated every minute: cooldowns are shown to the minute (spec section 9: recheck every 60 s). */
export function useMinuteClock(): number {
  return useNow(60_000);
}
