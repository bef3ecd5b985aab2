import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { changeEmailSchema, type AccountDetails } from '../accounts.schema';
import { useChangeEmail } from './account-settings.queries';
import { ResendLinkButton } from './resend-link-button';

/** The member's address, whether it is confirmed (with Resend), and the change form. */
export function EmailSection({ account }: { account: AccountDetails }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="min-w-0 text-base font-medium [overflow-wrap:anywhere]">{account.email}</span>
          {account.emailVerified ? (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-accent">
              <CircleCheck className="size-4" aria-hidden />
              Confirmed
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-danger">
              <CircleAlert className="size-4" aria-hidden />
              Not confirmed
            </span>
          )}
        </div>
        {!account.emailVerified && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-text-muted">Open the link we sent to this address to confirm it.</p>
            <ResendLinkButton className="shrink-0" />
          </div>
        )}
      </div>
      <ChangeEmailForm />
    </div>
  );
}

function ChangeEmailForm() {
  const form = useContractForm(changeEmailSchema, { defaultValues: { newEmail: '', password: '' } });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const change = useChangeEmail({
    onSuccess: (answer) => {
      setSentTo(answer.sentTo);
      form.reset();
    },
    onError: (error) => {
      form.resetField('password');
      form.setServerErrors(error);
      showErrorToast(error, 'E-mail not changed');
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="change-email-heading"
      onSubmit={form.handleSubmit((values) => {
        setSentTo(undefined);
        change.mutate(values);
      })}
      className="flex flex-col gap-4 border-t border-border pt-4"
    >
      <h3 id="change-email-heading" className="text-base font-semibold">
        Change e-mail
      </h3>
      {sentTo && (
        <p role="status" className="flex items-start gap-3 rounded-xl border border-border bg-background p-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <span className="text-base [overflow-wrap:anywhere]">
            We sent a link to {sentTo}. Your e-mail changes when you open it.
          </span>
        </p>
      )}
      <fieldset disabled={change.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">New e-mail</legend>
        <TextField label="New e-mail" {...inputKinds.email} {...form.field('newEmail')} />
        <TextField
          label="Your password"
          hint="To make sure it is you"
          {...inputKinds.password}
          {...form.field('password')}
        />
        <div>
          <Button type="submit" className="w-full sm:w-auto" pending={change.isPending}>
            Send Confirmation Link
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
