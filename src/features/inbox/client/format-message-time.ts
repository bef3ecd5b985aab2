const timeOnly = new Intl.DateTimeFormat('en', { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dayOnly = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** Under a message: "9:18 PM" today, "Nov 22, 9:18 PM" before. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? timeOnly.format(date) : dayAndTime.format(date);
}

/** In the conversation list: "9:18 PM" today, "Nov 22" before. */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? timeOnly.format(date) : dayOnly.format(date);
}
