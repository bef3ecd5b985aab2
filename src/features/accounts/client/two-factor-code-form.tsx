import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { DialogActions } from '~/client/components/ui/dialog';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { twoFactorSignInSchema, type SignInResponse } from '../accounts.schema';
import { useTwoFactorSignIn } from './sign-in.queries';

/**
 * The code step of a sign-in whose password was right and whose member has two-factor on: the e-mail form and the
 * owner dialog both show it. When the sign-in has ended (too many codes, 10 minutes), it goes back to the password.
 */
export function TwoFactorCodeForm({
  onSignedIn,
  onRestart,
  inDialog = false,
}: {
  onSignedIn: (response: SignInResponse) => void;
  onRestart: () => void;
  inDialog?: boolean;
}) {
  const [backupCode, setBackupCode] = useState(false);
  const form = useContractForm(twoFactorSignInSchema, { defaultValues: { code: '', trustDevice: false } });
  const verify = useTwoFactorSignIn({
    onSuccess: onSignedIn,
    onError: (error) => {
      form.resetField('code');
      const placed = form.setServerErrors(error);
      showErrorToast(error, 'Login Failed');
      if (!placed && isApiError(error, 'UNAUTHORIZED')) onRestart();
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
      <fieldset disabled={verify.isPending} className="flex flex-col gap-4">
        <legend className="mb-4 text-base text-text-muted">
          {backupCode
            ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code for The Vault.'}
        </legend>
        <TextField
          key={backupCode ? 'backup' : 'app'}
          label={backupCode ? 'Backup code' : 'Code from your app'}
          {...(backupCode ? inputKinds.handle : inputKinds.oneTimeCode)}
          autoFocus
          {...form.field('code')}
        />
        <FormCheckboxField
          control={form.control}
          name="trustDevice"
          label="Remember this device for 30 days"
        />
        <Button
          type="button"
          variant="ghost"
          className="-mt-2 self-start"
          onClick={() => {
            form.resetField('code');
            setBackupCode(!backupCode);
          }}
        >
          {backupCode ? 'Use the code from my app' : 'Use a backup code instead'}
        </Button>
        {inDialog ? (
          <DialogActions confirmLabel="Verify" pending={verify.isPending} />
        ) : (
          <Button type="submit" size="lg" className="w-full" pending={verify.isPending}>
            Verify
          </Button>
        )}
      </fieldset>
    </form>
  );
}
