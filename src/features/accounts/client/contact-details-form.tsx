import { toast } from '~/client/lib/toast';
import { FormActions } from '~/client/components/ui/form-actions';
import { FormSwitchField } from '~/client/components/ui/switch-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { formatUsPhone } from '~/shared/phone';
import { updateAccountSchema, type AccountDetails, type UpdateAccountInput } from '../accounts.schema';
import { useUpdateAccount } from './account-settings.queries';
import { ContactFields } from './contact-fields';

const fieldsOf = (account: AccountDetails): UpdateAccountInput => ({
  telegram: account.telegram,
  phone: formatUsPhone(account.phone),
  address: account.address,
  smsConsent: account.smsConsent,
});

/** Telegram, phone, address and SMS consent, saved together. */
export function ContactDetailsForm({ account }: { account: AccountDetails }) {
  const form = useContractForm(updateAccountSchema, { defaultValues: fieldsOf(account) });

  const update = useUpdateAccount({
    onSuccess: (saved) => {
      form.reset(fieldsOf(saved));
      toast.success('Contact details saved');
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Contact details not saved');
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Contact details</legend>
        <ContactFields field={form.field} />
        <FormSwitchField
          control={form.control}
          name="smsConsent"
          label="Texts about orders and news"
          description="Message and data rates may apply; reply STOP to opt out."
        />
      </fieldset>
      <FormActions
        dirty={form.formState.isDirty}
        pending={update.isPending}
        onDiscard={() => form.reset()}
        className="mt-4 border-t border-border pt-4"
      />
    </form>
  );
}
