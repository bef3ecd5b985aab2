import { Camera, CircleX, Hourglass, IdCard } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { HiddenFileInput } from '~/client/components/ui/hidden-file-input';
import { TextField } from '~/client/components/ui/text-field';
import { useContractForm } from '~/client/lib/form';
import { ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatDate } from '~/client/lib/format-time';
import { paths } from '~/client/lib/paths';
import { toast } from '~/client/lib/toast';
import type { SessionUser } from '~/shared/session';
import { idCheckSchema, type JoinRequestState } from '../accounts.schema';
import { useLogout } from './accounts.queries';
import { useAskAgain, useJoinRequest, useSubmitIdCheck } from './join-request.queries';

/**
 * Under staff approval, what a member staff have not let in sees instead of the app: when they asked and what
 * happens next, or staff's reason for a decline and when they may ask again. It follows the request by itself
 * (useJoinRequest), so an approval opens the app without a new sign-in.
 */
export function JoinRequestCard({ user }: { user: SessionUser }) {
  const request = useJoinRequest();
  return (
    <section
      aria-labelledby="join-request-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <ListStates
        query={request}
        empty={!request.data}
        skeleton={<RequestSkeleton />}
        errorMessage="Your request could not be loaded."
        emptyState={null}
      >
        {request.data && <RequestState state={request.data} email={user.email} />}
      </ListStates>
      <RequestActions />
    </section>
  );
}

function RequestState({ state, email }: { state: JoinRequestState; email: string }) {
  if (state.status === 'declined') return <Declined state={state} />;
  return (
    <>
      <Pending state={state} email={email} />
      {state.idCheck.required && <IdCheck submittedAt={state.idCheck.submittedAt} />}
    </>
  );
}

function Pending({ state, email }: { state: JoinRequestState; email: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <Hourglass className="size-9 text-primary" aria-hidden />
      <h1 id="join-request-heading" className="text-2xl font-bold tracking-tight">
        Your request is being reviewed
      </h1>
      <p className="text-base text-pretty text-text-muted">
        You asked to join on {formatDate(state.requestedAt)}. Staff look at every request to keep The Vault
        members-only. We will e-mail{' '}
        <span className="font-medium text-text [overflow-wrap:anywhere]">{email}</span> when they decide, and
        this page opens The Vault by itself once you are in.
      </p>
    </div>
  );
}

function Declined({ state }: { state: JoinRequestState }) {
  const askAgain = useAskAgain({
    onSuccess: () => toast.success('Request sent', { description: 'Staff will look at it again.' }),
    onError: (error) => showErrorToast(error, 'Request not sent'),
  });
  return (
    <div role="status" className="flex flex-col gap-3">
      <CircleX className="size-9 text-danger" aria-hidden />
      <h1 id="join-request-heading" className="text-2xl font-bold tracking-tight">
        Your request was declined
      </h1>
      {state.declineReason && (
        <blockquote className="rounded-xl border border-border bg-surface-raised px-4 py-3 text-base text-pretty [overflow-wrap:anywhere]">
          {state.declineReason}
        </blockquote>
      )}
      {state.canAskAgain ? (
        <>
          <p className="text-base text-text-muted">You may ask staff to look at your request again.</p>
          <Button size="lg" pending={askAgain.isPending} onClick={() => askAgain.mutate()}>
            Ask again
          </Button>
        </>
      ) : (
        state.askAgainAt && (
          <p className="text-base text-pretty text-text-muted">
            You may ask again from {formatDate(state.askAgainAt)}. If you do not, your phone, address and
            Telegram are erased then; your e-mail stays so you can sign in.
          </p>
        )
      )}
    </div>
  );
}

/**
 * Under the photo ID check: a photo of a government ID and the date of birth, for staff to check (21 or older).
 * Once given, the card says so; another photo replaces it until staff decide.
 */
function IdCheck({ submittedAt }: { submittedAt: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useContractForm(idCheckSchema, { defaultValues: { birthDate: '' } });
  const send = useSubmitIdCheck({
    onSuccess: () => {
      setFile(undefined);
      toast.success('ID sent', { description: 'Staff will check it with your request.' });
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) setFileError(error.message);
      showErrorToast(error, 'ID not sent');
    },
  });
  const submit = form.handleSubmit(({ birthDate }) => {
    if (!file) {
      setFileError('Choose a photo of your ID.');
      return;
    }
    send.mutate({ file, birthDate });
  });
  return (
    <form
      noValidate
      aria-labelledby="id-check-heading"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface-raised p-4"
    >
      <div className="flex items-start gap-3">
        <IdCard className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="flex flex-col gap-1">
          <h2 id="id-check-heading" className="text-base font-semibold">
            {submittedAt ? 'Your ID is with staff' : 'Show staff your ID'}
          </h2>
          <p className="text-sm text-pretty text-text-muted">
            {submittedAt
              ? `Sent ${formatDate(submittedAt)}. Only the staff who decide requests see it, and it is deleted once they decide.`
              : 'A photo of a government ID (driver’s licence, passport) and your date of birth: you must be 21 or older. Only the staff who decide requests see it, and it is deleted once they decide.'}
          </p>
        </div>
      </div>
      <fieldset disabled={send.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Your ID</legend>
        <TextField label="Date of birth" type="date" autoComplete="bday" {...form.field('birthDate')} />
        <div className="flex flex-col gap-1">
          <HiddenFileInput
            ref={input}
            accept="image/png,image/jpeg,image/webp"
            aria-label="Photo of your ID"
            onPick={(picked) => {
              setFile(picked);
              setFileError(undefined);
            }}
          />
          <Button
            type="button"
            variant="secondary"
            aria-describedby={fileError ? 'id-photo-error' : undefined}
            onClick={() => input.current?.click()}
          >
            <Camera className="size-5" aria-hidden />
            {file ? 'Choose another photo' : submittedAt ? 'Replace the photo' : 'Choose a photo of your ID'}
          </Button>
          {file && <p className="text-sm text-text-muted [overflow-wrap:anywhere]">{file.name}</p>}
          {fileError && (
            <p id="id-photo-error" role="alert" className="text-sm text-danger">
              {fileError}
            </p>
          )}
        </div>
        <Button type="submit" pending={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send ID'}
        </Button>
      </fieldset>
    </form>
  );
}

function RequestActions() {
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => void navigate(paths.login()),
    onError: (error) => showErrorToast(error, 'Logout failed'),
  });
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row">
      <Button asChild variant="secondary" className="sm:flex-1">
        <Link to={paths.account()}>Account Settings</Link>
      </Button>
      <Button
        variant="ghost"
        className="sm:flex-1"
        pending={logout.isPending}
        onClick={() => logout.mutate()}
      >
        Log out
      </Button>
    </div>
  );
}

function RequestSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-label="Loading your request" role="status">
      <SkeletonBlock className="size-9 rounded-full" />
      <SkeletonBlock className="h-7 w-2/3" />
      <SkeletonBlock className="h-4 w-full" />
      <SkeletonBlock className="h-4 w-5/6" />
    </div>
  );
}
