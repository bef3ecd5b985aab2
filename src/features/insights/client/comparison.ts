/** A figure beside the same figure of the period before: a relative change, or percentage points for a share. */
export interface Comparison {
  current: number;
  previous: number;
  /** `points`: the figures are shares (0 to 1), compared in percentage points. */
  kind?: 'relative' | 'points';
  /** Which way is good news: fewer cancellations are. */
  goodWhen?: 'up' | 'down';
  /** "the previous 7 days". */
  period: string;
}

/** What a comparison says, to the eye ("↑ 12%") and to a screen reader ("up 12% on the previous 7 days"). */
export function describeChange({ current, previous, kind = 'relative', period }: Comparison): {
  direction: 'up' | 'down' | 'flat';
  shown: string;
  spoken: string;
} {
  if (kind === 'points') {
    const points = Math.round((current - previous) * 100);
    if (points === 0) return { direction: 'flat', shown: '0 pts', spoken: `no change on ${period}` };
    const direction = points > 0 ? 'up' : 'down';
    const size = Math.abs(points);
    return {
      direction,
      shown: `${direction === 'up' ? '↑' : '↓'} ${size} pts`,
      spoken: `${direction} ${size} percentage ${size === 1 ? 'point' : 'points'} on ${period}`,
    };
  }
  if (previous === 0) {
    return current === 0
      ? { direction: 'flat', shown: '0%', spoken: `no change on ${period}` }
      : { direction: 'up', shown: '↑ new', spoken: `up from none on ${period}` };
  }
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { direction: 'flat', shown: '0%', spoken: `no change on ${period}` };
  const direction = percent > 0 ? 'up' : 'down';
  const size = Math.abs(percent);
  return {
    direction,
    shown: `${direction === 'up' ? '↑' : '↓'} ${size}%`,
    spoken: `${direction} ${size}% on ${period}`,
  };
}
