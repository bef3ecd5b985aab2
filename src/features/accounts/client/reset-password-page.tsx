import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '~/client/lib/toast';
import { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { useSession } from '~/client/lib/session';
import { resetPasswordSchema } from '../accounts.schema';
import { AccountScreen } from './account-screen';
import { useResetPassword } from './sign-in.queries';
import { PASSWORDS_DIFFER } from './password-confirmation';
import { ScreenNotice } from './screen-notice';

/** The contract's password, typed twice: the second must match (checked here only; the server gets one). */
const resetFormSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((fields) => fields.password === fields.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

/**
 * /reset-password?token=… (the link in the e-mail), in any session state: a member signed in on this browser may
 * use it too. A new password ends every session of its member, so they sign in again with it.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const badToken = resetPasswordSchema.shape.token.safeParse(token).error?.issues[0]?.message;
  const [refused, setRefused] = useState<{ title: string; message: string } | undefined>(
    badToken ? { title: 'Link Not Valid', message: badToken } : undefined,
  );
  const navigate = useNavigate();
  const form = useContractForm(resetFormSchema, { defaultValues: { password: '', confirmPassword: '' } });

  const reset = useResetPassword({
    onSuccess: () => {
      toast.success('Password Changed', { description: 'Sign in with your new password.' });
      void navigate(paths.login(), { replace: true });
    },
    onError: (error) => {
      // A common password, a bad length: under the field. A used or expired link: the page says so.
      if (form.setServerErrors(error)) return;
      if (isApiError(error, 'BAD_REQUEST')) {
        setRefused({ title: error.title ?? 'Link Not Valid', message: error.message });
        return;
      }
      showErrorToast(error, 'Password Not Changed');
    },
  });

  return (
    <AccountScreen screen="reset-password">
      {refused ? (
        <ScreenNotice tone="problem" title={refused.title} actions={<NewLinkButton />}>
          {refused.message}
        </ScreenNotice>
      ) : (
        <form noValidate onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}>
          <fieldset disabled={reset.isPending} className="flex flex-col gap-4">
            <legend className="sr-only">Your new password</legend>
            <TextField
              label="New password"
              hint="At least 8 characters"
              {...inputKinds.newPassword}
              {...form.field('password')}
            />
            <TextField
              label="Confirm new password"
              {...inputKinds.newPassword}
              {...form.field('confirmPassword')}
            />
            <Button type="submit" size="lg" className="w-full" pending={reset.isPending}>
              Set New Password
            </Button>
          </fieldset>
        </form>
      )}
    </AccountScreen>
  );
}

/** A visitor asks for another link; a signed-in member changes the password in Account Settings instead. */
function NewLinkButton() {
  const signedIn = Boolean(useSession().data?.user);
  return (
    <Button asChild size="lg" className="w-full">
      {signedIn ? (
        <Link to={paths.account()}>Go to Account Settings</Link>
      ) : (
        <Link to={paths.forgotPassword()}>Ask for a New Link</Link>
      )}
    </Button>
  );
}
