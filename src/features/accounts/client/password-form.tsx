import { toast } from '~/client/lib/toast';
import { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { changePasswordSchema } from '../accounts.schema';
import { useChangePassword } from './account-settings.queries';
import { PASSWORDS_DIFFER } from './password-confirmation';

/** The contract, with the new password typed twice (checked here only; the server gets it once). */
const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((fields) => fields.newPassword === fields.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherDevices: true };

/** Current password, the new one twice, and whether the member's other devices are signed out (by default). */
export function PasswordForm() {
  const form = useContractForm(passwordFormSchema, { defaultValues: EMPTY });
  const change = useChangePassword({
    onSuccess: (_, { signOutOtherDevices }) => {
      form.reset(EMPTY);
      toast.success('Password changed', {
        description: signOutOtherDevices ? 'Your other devices are signed out.' : undefined,
      });
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Password not changed');
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...values }) => change.mutate(values))}
    >
      <fieldset disabled={change.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Change password</legend>
        <TextField label="Current password" {...inputKinds.password} {...form.field('currentPassword')} />
        <TextField
          label="New password"
          hint="At least 8 characters"
          {...inputKinds.newPassword}
          {...form.field('newPassword')}
        />
        <TextField
          label="Confirm new password"
          {...inputKinds.newPassword}
          {...form.field('confirmPassword')}
        />
        <FormCheckboxField
          control={form.control}
          name="signOutOtherDevices"
          label="Sign out of my other devices"
        />
        <div>
          <Button type="submit" className="w-full sm:w-auto" pending={change.isPending}>
            Change Password
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
