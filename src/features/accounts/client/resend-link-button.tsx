import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '~/client/lib/toast';
import { Button, type ButtonProps } from '~/client/components/ui/button';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useResendVerificationEmail } from './accounts.queries';

/**
 * When the next link may be asked for (ms), shared by every Resend button on screen (the banner and Account
 * Settings): the server allows one a minute. Forgotten on reload; the server's 429 then says how long is left.
 */
let nextAllowedAt = 0;
const listeners = new Set<() => void>();
function waitUntil(at: number) {
  nextAllowedAt = at;
  listeners.forEach((listener) => listener());
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whole seconds left until `at`, ticking each second only while some are left. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (at <= Date.now()) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    const done = window.setTimeout(() => window.clearInterval(timer), at - Date.now() + 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      window.clearTimeout(done);
    };
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Sends the e-mail confirmation link again; waits out the cooldown with a countdown ("Resend in 0:42"). */
export function ResendLinkButton({
  variant = 'secondary',
  className = '',
}: Pick<ButtonProps, 'variant' | 'className'>) {
  const at = useSyncExternalStore(subscribe, () => nextAllowedAt);
  const secondsLeft = useSecondsUntil(at);
  const resend = useResendVerificationEmail({
    onSuccess: ({ sentTo, retryAfterSeconds }) => {
      waitUntil(Date.now() + retryAfterSeconds * 1000);
      toast.success('Link Sent', { description: `We sent a new link to ${sentTo}.` });
    },
    onError: (error) => {
      if (isApiError(error, 'RATE_LIMITED') && error.retryAfterSeconds) {
        waitUntil(Date.now() + error.retryAfterSeconds * 1000);
      }
      if (isApiError(error, 'CONFLICT')) {
        toast.success('E-mail Confirmed', { description: error.message });
        return;
      }
      showErrorToast(error, 'Link Not Sent');
    },
  });

  const waiting = secondsLeft > 0;
  return (
    <Button
      type="button"
      variant={variant}
      className={className}
      disabled={resend.isPending || waiting}
      onClick={() => resend.mutate()}
      pending={resend.isPending}
    >
      {waiting ? (
        <span>
          Resend in <span className="tabular">{mmss(secondsLeft)}</span>
        </span>
      ) : (
        'Resend link'
      )}
    </Button>
  );
}
