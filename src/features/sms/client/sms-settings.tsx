import { KeyRound, MessageSquareText } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { FormActions } from '~/client/components/ui/form-actions';
import { ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { updateSmsSettingsSchema, type SmsSettingsView } from '../sms.schema';
import { useSmsSettings, useUpdateSmsSettings } from './sms.queries';

/** The form's fields: the cap as typed; the token always starts empty (it is write-only). */
interface SmsSettingsFields {
  accountSid: string;
  sender: string;
  authToken: string;
  dailyCap: string;
}

const fieldsOf = (settings: SmsSettingsView): SmsSettingsFields => ({
  accountSid: settings.accountSid,
  sender: settings.sender,
  authToken: '',
  dailyCap: String(settings.dailyCap),
});

const toInput = (fields: SmsSettingsFields) => ({
  accountSid: fields.accountSid,
  sender: fields.sender,
  authToken: fields.authToken,
  dailyCap: fields.dailyCap.trim() === '' ? Number.NaN : Number(fields.dailyCap),
});

/**
 * The SMS part of the Settings tab: the Twilio Account SID and sender (shown), the auth token (write-only: the
 * page shows only whether one is set and its last 4 characters) and the daily cap on Mass SMS.
 */
export function SmsSettingsSection() {
  const settings = useSmsSettings();
  return (
    <ListStates
      query={settings}
      empty={!settings.data}
      skeleton={<SkeletonBlock className="h-96 rounded-card" />}
      errorMessage="The SMS settings could not be loaded."
      emptyState={null}
    >
      {/* Saved settings (here or by another admin) start the form afresh: the token field is empty again. */}
      {settings.data && <SmsSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </ListStates>
  );
}

function SmsSettingsForm({ settings }: { settings: SmsSettingsView }) {
  const current = useMemo(() => fieldsOf(settings), [settings]);
  const form = useContractForm<typeof updateSmsSettingsSchema, SmsSettingsFields>(updateSmsSettingsSchema, {
    toInput,
    defaultValues: current,
  });
  const { isDirty } = form.formState;
  const update = useUpdateSmsSettings({
    onSuccess: (saved) => {
      form.reset(fieldsOf(saved));
      toast.success('Settings saved');
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Settings not saved');
    },
  });
  const token = settings.authToken;

  return (
    <form
      noValidate
      aria-labelledby="sms-settings-heading"
      onSubmit={(event) => void form.handleSubmit((values) => update.mutate(values))(event)}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <MessageSquareText className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden />
        <div className="flex flex-col gap-1">
          <h3 id="sms-settings-heading" className="text-base font-semibold">
            SMS provider
          </h3>
          <p className="text-sm text-text-muted">
            Twilio credentials for Mass SMS. Until all three are set, messages are only written to the server
            log and nothing leaves the server.{' '}
            <span className="font-medium text-text">
              Now: {settings.provider === 'twilio' ? 'sending through Twilio' : 'log only'}.
            </span>
          </p>
        </div>
      </div>
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">SMS provider settings</legend>
        <TextField
          label="Account SID"
          placeholder="AC…"
          {...inputKinds.handle}
          {...form.field('accountSid')}
        />
        <TextField
          label="Sender"
          hint="Phone number or Messaging Service SID"
          placeholder="+1 555 123 4567 or MG…"
          {...inputKinds.handle}
          {...form.field('sender')}
        />
        <TextField
          label="Auth token"
          type="password"
          autoComplete="new-password"
          hint={token.set ? `Set, ends in ${token.last4 ?? '????'}` : 'Not set'}
          description={
            token.set
              ? 'Leave empty to keep the saved token. It is stored encrypted and never shown again.'
              : 'Stored encrypted; it is never shown again once saved.'
          }
          {...form.field('authToken')}
        />
        <div className="sm:max-w-56">
          <TextField
            label="Daily SMS limit"
            hint="Messages per 24 hours"
            inputMode="numeric"
            {...form.field('dailyCap')}
          />
        </div>
      </fieldset>
      <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        {token.set ? (
          <Button
            type="button"
            variant="ghost"
            disabled={update.isPending}
            onClick={() =>
              update.mutate({
                accountSid: settings.accountSid,
                sender: settings.sender,
                clearAuthToken: true,
                dailyCap: settings.dailyCap,
              })
            }
          >
            <KeyRound className="size-5" aria-hidden />
            Remove Token
          </Button>
        ) : (
          <span />
        )}
        <FormActions
          dirty={isDirty}
          pending={update.isPending}
          saveLabel="Save SMS Settings"
          onDiscard={() => form.reset(current)}
        />
      </div>
    </form>
  );
}
