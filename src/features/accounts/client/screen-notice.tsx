import { CircleAlert, CircleCheck, MailCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  sent: { icon: MailCheck, colour: 'text-primary' },
  done: { icon: CircleCheck, colour: 'text-accent' },
  problem: { icon: CircleAlert, colour: 'text-danger' },
  // A check in progress: the envelope pulses (spinners belong in buttons, DESIGN.md).
  working: { icon: MailCheck, colour: 'animate-pulse text-text-muted motion-reduce:animate-none' },
} satisfies Record<string, { icon: LucideIcon; colour: string }>;

/**
 * What an account screen says in place of its form (a link was sent, a link did not work, the e-mail is
 * confirmed): an icon, a title, the words, and the one or two things to do next (`actions`). Read out as it
 * appears.
 */
export function ScreenNotice({
  tone,
  title,
  children,
  actions,
}: {
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { icon: Icon, colour } = TONES[tone];
  return (
    <div
      role={tone === 'problem' ? 'alert' : 'status'}
      className="flex flex-col items-center gap-3 text-center"
    >
      <Icon className={`size-10 ${colour}`} aria-hidden />
      <h2 className="text-xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">{title}</h2>
      {children && (
        <div className="text-base text-pretty text-text-muted [overflow-wrap:anywhere]">{children}</div>
      )}
      {actions && <div className="mt-2 flex w-full flex-col gap-3">{actions}</div>}
    </div>
  );
}
