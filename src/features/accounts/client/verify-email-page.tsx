import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { isApiError } from '~/client/lib/api-client';
import { paths } from '~/client/lib/paths';
import { useSession } from '~/client/lib/session';
import { verifyEmailSchema } from '../accounts.schema';
import { AccountScreen } from './account-screen';
import { useVerifyEmail } from './sign-in.queries';
import { ScreenNotice } from './screen-notice';

/**
 * /verify-email?token=… (the link in the e-mail), in any session state: sends the token once as the page opens
 * and says what happened. A link that changes the e-mail needs its member signed in.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const badToken = verifyEmailSchema.shape.token.safeParse(token).error?.issues[0]?.message;
  const signedIn = Boolean(useSession().data?.user);
  const verify = useVerifyEmail();
  const send = verify.mutate;

  // Once per token: React's StrictMode runs effects twice, and a token works only once.
  const sent = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (badToken || sent.current === token) return;
    sent.current = token;
    send(token);
  }, [badToken, token, send]);

  const continueButton = signedIn ? (
    <LinkButton to={paths.feed()}>Continue to the Feed</LinkButton>
  ) : (
    <LinkButton to={paths.login()}>Sign In</LinkButton>
  );

  let notice;
  if (badToken) {
    notice = (
      <ScreenNotice tone="problem" title="Link Not Valid" actions={continueButton}>
        {badToken}
      </ScreenNotice>
    );
  } else if (verify.isSuccess) {
    const { result, email } = verify.data;
    notice = (
      <ScreenNotice
        tone="done"
        title={result === 'changed' ? `Your e-mail is now ${email}` : 'Your e-mail is confirmed'}
        actions={continueButton}
      >
        {result === 'changed'
          ? 'Sign in with this address from now on.'
          : `Thank you: ${email} is confirmed.`}
      </ScreenNotice>
    );
  } else if (verify.isError) {
    const { error } = verify;
    // Signed out, a change link needs its member: sign in, then open the link again. An old link: the
    // banner or Account Settings sends a new one once signed in. No connection, too many tries: try again.
    const action = isApiError(error, 'UNAUTHORIZED') ? (
      <LinkButton to={paths.login()}>Sign In</LinkButton>
    ) : isApiError(error, 'BAD_REQUEST') ? (
      signedIn ? (
        <LinkButton to={paths.account()}>Go to Account Settings</LinkButton>
      ) : (
        <LinkButton to={paths.login()}>Sign In</LinkButton>
      )
    ) : (
      <Button type="button" size="lg" className="w-full" onClick={() => send(token)}>
        Try Again
      </Button>
    );
    notice = (
      <ScreenNotice
        tone="problem"
        title={isApiError(error) && error.title ? error.title : 'E-mail Not Confirmed'}
        actions={action}
      >
        {error.message}
      </ScreenNotice>
    );
  } else {
    notice = <ScreenNotice tone="working" title="Confirming your e-mail…" />;
  }

  return <AccountScreen screen="verify-email">{notice}</AccountScreen>;
}

function LinkButton({ to, children }: { to: string; children: string }) {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to={to}>{children}</Link>
    </Button>
  );
}
