import { useEffect, useState } from 'react';

/** The time now, updated every minute: cooldowns are shown to the minute (spec section 9: recheck every 60 s). */
export function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
