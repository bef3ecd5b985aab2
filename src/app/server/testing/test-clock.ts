import type { Clock } from '~/shared/time';

/** A clock tests move by hand: cooldowns and time windows without waiting. */
export class TestClock implements Clock {
  private current: number;

  constructor(start = new Date('2026-06-01T12:00:00Z')) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(date: Date): void {
    this.current = date.getTime();
  }
}
