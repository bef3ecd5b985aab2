import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { SectionCard } from '~/client/components/ui/section-card';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { useSession } from '~/client/lib/session';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { formatDateTime } from '~/client/lib/format-time';
import { paths } from '~/client/lib/paths';
import { hasRole } from '~/shared/permissions';
import type { SessionUser } from '~/shared/session';
import { deleteAccountSchema } from '../privacy.schema';
import { DATA_EXPORT_KEEP_HOURS, DELETE_ACCOUNT_WARNING } from '../privacy.constants';
import {
  useDataExport,
  useDeleteAccount,
  useDownloadDataExport,
  useRequestDataExport,
} from './profiles.queries';

/** Privacy & Data on /profile: Download My Data and Delete My Account (docs/decisions/025). */
export function PrivacySection({ user }: { user: SessionUser }) {
  return (
    <SectionCard title="Privacy & Data" description="Get a copy of your data, or close your account.">
      <div className="flex flex-col gap-3 sm:flex-row">
        <DownloadDataDialog />
        {hasRole(user, 'Owner') ? (
          <p className="text-sm text-text-muted sm:self-center">The Owner account cannot be deleted.</p>
        ) : (
          <DeleteAccountDialog />
        )}
      </div>
    </SectionCard>
  );
}

const megabytes = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

function DownloadDataDialog() {
  const [open, setOpen] = useState(false);
  const latest = useDataExport();
  const archive = latest.data?.export ?? null;
  const request = useRequestDataExport({
    onError: (error) => showErrorToast(error, 'Download not prepared'),
  });
  const download = useDownloadDataExport({
    onSuccess: () => toast('Download started', { description: 'Your data is saved as a .zip file.' }),
    onError: (error) => showErrorToast(error, 'Download failed'),
  });
  const preparing = archive?.status === 'pending' || archive?.status === 'building';
  const ready = archive?.status === 'ready' ? archive : null;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="secondary">
          <Download className="size-5" aria-hidden />
          Download My Data
        </Button>
      </Dialog.Trigger>
      <DialogPanel
        title="Download My Data"
        description="One .zip file with everything The Vault holds about you: your profile, orders, posts and comments (anonymous ones too), messages, ratings, coin history, rewards, notifications, devices and consents, with the pictures and videos you uploaded."
      >
        <p role="status" aria-live="polite" className="mt-4 text-base">
          {ready
            ? `Your file is ready (${megabytes(ready.sizeBytes ?? 0)}). It is kept until ${formatDateTime(ready.expiresAt!)}; only you can download it.`
            : preparing
              ? 'We are preparing your file. We will notify you when it is ready; you can close this.'
              : archive?.status === 'failed'
                ? 'We could not prepare your file. Please try again.'
                : `We prepare the file now (a large one in the background, with a notification when it is ready) and keep it for ${DATA_EXPORT_KEEP_HOURS} hours.`}
        </p>
        {ready ? (
          <DialogActions
            className="mt-6"
            confirmLabel="Download .zip"
            pending={download.isPending}
            onConfirm={() => download.mutate(ready.id)}
          />
        ) : (
          <DialogActions
            className="mt-6"
            confirmLabel={preparing ? 'Preparing…' : 'Prepare Download'}
            pending={request.isPending || preparing}
            disabled={latest.isPending}
            onConfirm={() => request.mutate()}
          />
        )}
      </DialogPanel>
    </Dialog.Root>
  );
}

function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const twoFactorOn = useSession().data?.user?.twoFactorEnabled ?? false;
  const form = useContractForm(deleteAccountSchema, { defaultValues: { password: '', code: '' } });
  const remove = useDeleteAccount({
    onSuccess: () => {
      toast('Account deleted', { description: 'Your personal details are removed. Goodbye.' });
      void navigate(paths.welcome());
    },
    onError: (error) => {
      form.resetField('password');
      form.resetField('code');
      form.setServerErrors(error);
      showErrorToast(error, 'Account Not Deleted');
    },
  });
  const changeOpen = (next: boolean) => {
    if (!next) form.reset({ password: '', code: '' });
    setOpen(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Trigger>
        <Button variant="danger">
          <Trash2 className="size-5" aria-hidden />
          Delete My Account
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Delete My Account?" description={DELETE_ACCOUNT_WARNING}>
        <form noValidate className="mt-5" onSubmit={form.handleSubmit((values) => remove.mutate(values))}>
          <TextField
            label="Your password"
            hint="To make sure it is you"
            {...inputKinds.password}
            disabled={remove.isPending}
            {...form.field('password')}
          />
          {twoFactorOn && (
            <div className="mt-4">
              <TextField
                label="Code from your app or a backup code"
                {...inputKinds.handle}
                disabled={remove.isPending}
                {...form.field('code')}
              />
            </div>
          )}
          <DialogActions
            className="mt-6"
            variant="danger"
            confirmLabel="Delete My Account"
            pending={remove.isPending}
          />
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
