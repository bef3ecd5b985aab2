import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths, returnPathOf } from '~/client/lib/paths';
import { loginSchema, type SignInResponse } from '../accounts.schema';
import { useLogin } from './sign-in.queries';
import { OwnerLoginDialog } from './owner-login-dialog';
import { TwoFactorCodeForm } from './two-factor-code-form';

export function LoginForm() {
  const navigate = useNavigate();
  // The page that sent them here to sign in, if any: signing in goes back to it.
  const returnTo = returnPathOf(useLocation().state) ?? paths.feed();
  const form = useContractForm(loginSchema, {
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const rememberMe = useWatch({ control: form.control, name: 'rememberMe' }) ?? false;

  const [codeStep, setCodeStep] = useState(false);

  const welcome = ({ user }: SignInResponse) => {
    toast.success(`Welcome back, ${user?.fullName ?? 'member'}!`, {
      description: "You've successfully logged in.",
    });
    void navigate(returnTo, { replace: true });
  };

  const login = useLogin({
    onSuccess: (response) => {
      form.resetField('password');
      if (response.twoFactorRequired) setCodeStep(true);
      else welcome(response);
    },
    onError: (error) => {
      form.resetField('password');
      if (!form.setServerErrors(error)) form.setFocus('password');
      showErrorToast(error, 'Login Failed');
    },
  });

  if (codeStep) {
    return <TwoFactorCodeForm onSignedIn={welcome} onRestart={() => setCodeStep(false)} />;
  }

  return (
    <div className="flex flex-col gap-5">
      {/* The owner dialog stays outside this form: its own form's submit would bubble here through React. */}
      <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
        <fieldset disabled={login.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">Member sign in</legend>
          <TextField label="Email" {...inputKinds.email} autoComplete="username" {...form.field('email')} />
          <TextField label="Password" {...inputKinds.password} {...form.field('password')} />
          <Link
            to={paths.forgotPassword()}
            className="-mt-3 -mr-1 inline-flex min-h-11 items-center self-end px-1 text-sm font-semibold text-primary hover:text-text"
          >
            Forgot password?
          </Link>
          <FormCheckboxField control={form.control} name="rememberMe" label="Remember this device" />
          <Button type="submit" size="lg" className="w-full" pending={login.isPending}>
            Sign In
          </Button>
        </fieldset>
      </form>
      <div className="flex items-center gap-3 text-sm text-text-muted" role="separator" aria-label="Or">
        <span className="h-px flex-1 bg-border" />
        <span aria-hidden>Or</span>
        <span className="h-px flex-1 bg-border" />
      </div>
      <OwnerLoginDialog rememberMe={rememberMe} onSignedIn={welcome} />
    </div>
  );
}
