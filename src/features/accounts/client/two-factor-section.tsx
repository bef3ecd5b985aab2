import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { useSession } from '~/client/lib/session';
import {
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
  type TwoFactorSetupResponse,
} from '../accounts.schema';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactorSetup } from './account-settings.queries';

/**
 * Account settings' two-factor section (id `two-factor`, where the dashboard's setup card links): turn on with the
 * password, a QR code or the key typed by hand, a first code and 10 backup codes shown once; turn off with the
 * password and a code. The Owner confirms with the owner password.
 */
export function TwoFactorSection({ ownerAccount }: { ownerAccount: boolean }) {
  const enabled = useSession().data?.user?.twoFactorEnabled ?? false;
  const [setup, setSetup] = useState<TwoFactorSetupResponse>();
  const passwordLabel = ownerAccount ? 'Owner password' : 'Your password';
  const { hash } = useLocation();
  // The dashboard's setup card links to /account#two-factor; the section appears once the account has loaded.
  useEffect(() => {
    if (hash === '#two-factor') document.getElementById('two-factor')?.scrollIntoView({ block: 'start' });
  }, [hash]);
  if (enabled) return <TurnOffForm passwordLabel={passwordLabel} />;
  if (setup) return <ConfirmSetup setup={setup} onDone={() => setSetup(undefined)} />;
  return <StartSetupForm passwordLabel={passwordLabel} onStarted={setSetup} />;
}

function StartSetupForm({
  passwordLabel,
  onStarted,
}: {
  passwordLabel: string;
  onStarted: (setup: TwoFactorSetupResponse) => void;
}) {
  const form = useContractForm(twoFactorSetupSchema, { defaultValues: { password: '' } });
  const start = useStartTwoFactorSetup({
    onSuccess: onStarted,
    onError: (error) => {
      form.resetField('password');
      form.setServerErrors(error);
      showErrorToast(error, 'Two-factor not turned on');
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => start.mutate(values))}>
      <fieldset disabled={start.isPending} className="flex flex-col gap-4">
        <legend className="mb-4 text-base text-text-muted">
          Off. Turn it on and each sign-in also asks for a 6-digit code from an authenticator app on your
          phone (Google Authenticator, 1Password, Authy…), so a stolen password alone cannot get in.
        </legend>
        <TextField label={passwordLabel} {...inputKinds.password} {...form.field('password')} />
        <div>
          <Button type="submit" className="w-full sm:w-auto" pending={start.isPending}>
            Set Up Two-Factor
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function ConfirmSetup({ setup, onDone }: { setup: TwoFactorSetupResponse; onDone: () => void }) {
  const form = useContractForm(twoFactorConfirmSchema, { defaultValues: { code: '' } });
  const confirm = useConfirmTwoFactor({
    onSuccess: () => {
      toast.success('Two-factor sign-in is on', { description: 'Keep your backup codes somewhere safe.' });
      onDone();
    },
    onError: (error) => {
      form.resetField('code');
      form.setServerErrors(error);
      showErrorToast(error, 'Two-factor not turned on');
    },
  });
  return (
    <div className="flex flex-col gap-5">
      <ol className="flex list-decimal flex-col gap-5 pl-5 text-base text-text marker:text-text-muted">
        <li>
          <p>Scan this code with your authenticator app, or type the key by hand.</p>
          <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-5">
            <QrCode value={setup.totpURI} />
            <div className="min-w-0">
              <p className="text-sm text-text-muted">Key</p>
              <code
                aria-label="Key to type into your app"
                className="font-mono text-base break-all text-text tabular"
              >
                {setup.manualKey.match(/.{1,4}/g)!.join(' ')}
              </code>
            </div>
          </div>
        </li>
        <li>
          <p>
            Save these backup codes now: they are shown only once. Each signs you in once if you lose your
            phone.
          </p>
          <ul
            aria-label="Backup codes"
            className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl border border-border bg-background p-3 font-mono text-base tabular"
          >
            {setup.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <Button
            type="button"
            variant="secondary"
            className="mt-3"
            onClick={() =>
              void navigator.clipboard
                .writeText(setup.backupCodes.join('\n'))
                .then(() => toast.success('Backup codes copied'))
            }
          >
            Copy Codes
          </Button>
        </li>
        <li>
          <form noValidate onSubmit={form.handleSubmit((values) => confirm.mutate(values))}>
            <fieldset disabled={confirm.isPending} className="flex flex-col gap-4">
              <legend className="mb-4">Enter the 6-digit code your app shows for The Vault.</legend>
              <TextField label="Code from your app" {...inputKinds.oneTimeCode} {...form.field('code')} />
              <div className="flex flex-col-reverse gap-3 sm:flex-row">
                <Button type="button" variant="secondary" onClick={onDone}>
                  Cancel
                </Button>
                <Button type="submit" pending={confirm.isPending}>
                  Turn On Two-Factor
                </Button>
              </div>
            </fieldset>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The otpauth:// link as a QR code; the encoder loads only when someone sets up two-factor. */
function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      if (current) setSvg(renderSVG(value, { border: 2 }));
    });
    return () => {
      current = false;
    };
  }, [value]);
  return (
    <div className="size-44 shrink-0 overflow-hidden rounded-xl bg-white">
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="QR code to scan with your authenticator app"
          className="size-full"
        />
      )}
    </div>
  );
}

function TurnOffForm({ passwordLabel }: { passwordLabel: string }) {
  const form = useContractForm(twoFactorDisableSchema, { defaultValues: { password: '', code: '' } });
  const disable = useDisableTwoFactor({
    onSuccess: () => {
      form.reset({ password: '', code: '' });
      toast.success('Two-factor sign-in is off');
    },
    onError: (error) => {
      form.resetField('code');
      form.setServerErrors(error);
      showErrorToast(error, 'Two-factor not turned off');
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => disable.mutate(values))}>
      <fieldset disabled={disable.isPending} className="flex flex-col gap-4">
        <legend className="mb-4 flex items-start gap-3 text-base text-text">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
          On. Each sign-in asks for a code from your authenticator app. To turn it off, enter your password
          and a code (or a backup code).
        </legend>
        <TextField label={passwordLabel} {...inputKinds.password} {...form.field('password')} />
        <TextField
          label="Code from your app or a backup code"
          {...inputKinds.handle}
          {...form.field('code')}
        />
        <div>
          <Button type="submit" variant="danger" className="w-full sm:w-auto" pending={disable.isPending}>
            Turn Off Two-Factor
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
