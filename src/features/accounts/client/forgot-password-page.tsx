import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { forgotPasswordSchema } from '../accounts.schema';
import { AccountScreen } from './account-screen';
import { useForgotPassword } from './sign-in.queries';
import { ScreenNotice } from './screen-notice';

/** /forgot-password (visitors): the e-mail to send a reset link to. The answer is the same for every address. */
export function Component() {
  const form = useContractForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const request = useForgotPassword({
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Link Not Sent');
    },
  });

  return (
    <AccountScreen screen="forgot-password">
      {request.isSuccess ? (
        <ScreenNotice
          tone="sent"
          title="Check your e-mail"
          actions={
            <Button asChild size="lg" className="w-full">
              <Link to={paths.login()}>Back to Sign In</Link>
            </Button>
          }
        >
          {request.data.message}
        </ScreenNotice>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values))}>
          <fieldset disabled={request.isPending} className="flex flex-col gap-4">
            <legend className="sr-only">Your account&rsquo;s e-mail</legend>
            <TextField label="Email" {...inputKinds.email} autoComplete="username" {...form.field('email')} />
            <Button type="submit" size="lg" className="w-full" pending={request.isPending}>
              Send Reset Link
            </Button>
          </fieldset>
        </form>
      )}
    </AccountScreen>
  );
}
