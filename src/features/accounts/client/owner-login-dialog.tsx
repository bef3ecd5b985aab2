import { Crown } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { ownerLoginSchema, type SignInResponse } from '../accounts.schema';
import { useOwnerLogin } from './sign-in.queries';
import { TwoFactorCodeForm } from './two-factor-code-form';

/** Remember this device comes from the sign-in form beside it. */
const ownerPasswordSchema = ownerLoginSchema.pick({ ownerPassword: true });

/** "Sign in as Owner" and its dialog. The password never stays in the field, whatever the outcome. */
export function OwnerLoginDialog({
  rememberMe,
  onSignedIn,
}: {
  rememberMe: boolean;
  onSignedIn: (session: SignInResponse) => void;
}) {
  const [open, setOpen] = useState(false);
  /** The owner password was right and the Owner has two-factor on: the code comes next, in this dialog. */
  const [codeStep, setCodeStep] = useState(false);
  const form = useContractForm(ownerPasswordSchema, { defaultValues: { ownerPassword: '' } });
  const clear = () => form.reset({ ownerPassword: '' });

  const ownerLogin = useOwnerLogin({
    onSuccess: (response) => {
      clear();
      if (response.twoFactorRequired) return setCodeStep(true);
      setOpen(false);
      onSignedIn(response);
    },
    onError: (error) => {
      clear();
      if (!form.setServerErrors(error)) form.setFocus('ownerPassword');
      showErrorToast(error, 'Login Failed');
    },
  });

  const changeOpen = (next: boolean) => {
    if (!next) clear();
    setCodeStep(false);
    setOpen(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="secondary" size="lg" className="w-full">
          <Crown className="size-5 text-coin" aria-hidden />
          Sign in as Owner
        </Button>
      </Dialog.Trigger>
      {codeStep ? (
        <DialogPanel title="Owner Login" description="Two-factor sign-in is on for the Owner account.">
          <div className="mt-5">
            <TwoFactorCodeForm
              inDialog
              onSignedIn={(response) => {
                setOpen(false);
                setCodeStep(false);
                onSignedIn(response);
              }}
              onRestart={() => setCodeStep(false)}
            />
          </div>
        </DialogPanel>
      ) : (
        <DialogPanel title="Owner Login" description="Please enter the owner password to proceed.">
          <form
            noValidate
            className="mt-5"
            onSubmit={form.handleSubmit(({ ownerPassword }) =>
              ownerLogin.mutate({ ownerPassword, rememberMe }),
            )}
          >
            <TextField
              label="Owner password"
              {...inputKinds.password}
              disabled={ownerLogin.isPending}
              {...form.field('ownerPassword')}
            />
            <DialogActions className="mt-6" confirmLabel="Sign In" pending={ownerLogin.isPending} />
          </form>
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
