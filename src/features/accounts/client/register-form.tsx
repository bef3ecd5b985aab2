import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/client/lib/toast';
import { FormCheckboxField } from '~/client/components/ui/checkbox-field';
import { Button } from '~/client/components/ui/button';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { paths } from '~/client/lib/paths';
import { registerSchema, type RegisterInput, type RegisterResponse } from '../accounts.schema';
import { useJoinRules, useRegister } from './sign-in.queries';
import { ContactFields } from './contact-fields';
import { ScreenNotice } from './screen-notice';

export function RegisterForm() {
  const navigate = useNavigate();
  // The consent boxes start unticked: the contract takes only true, so they have no default.
  const form = useContractForm<typeof registerSchema, RegisterInput>(registerSchema, {
    defaultValues: {
      fullName: '',
      email: '',
      password: '',
      telegram: '',
      phone: '',
      address: '',
      referralCode: '',
      smsConsent: false,
    },
  });

  // Joined by invitation: the code is asked for up front (the server refuses a request without one either way).
  const rules = useJoinRules().data;
  const codeRequired = rules?.referralCodeRequired === true;

  // Where the confirmation link went, when the shop lets members sign in only once it is opened.
  const [mustConfirm, setMustConfirm] = useState<string | undefined>();

  const registration = useRegister({
    onSuccess: (result, { email }) => {
      if (result.emailVerification === 'required') {
        announceRegistration(result, checkEmail(email));
        setMustConfirm(email);
        return;
      }
      announceRegistration(
        result,
        result.joinStatus === 'pending'
          ? 'Staff will review your request. Sign in any time to see where it stands.'
          : 'Your account has been successfully created. You can now log in.',
      );
      void navigate(paths.login());
    },
    onError: (error) => {
      // A taken email, a phone the server could not read: under the field as well as in the toast.
      form.setServerErrors(error);
      showErrorToast(error, 'Registration Failed');
    },
  });

  if (mustConfirm) {
    return (
      <ScreenNotice
        tone="sent"
        title="Check your e-mail"
        actions={
          <Button asChild size="lg" className="w-full">
            <Link to={paths.login()}>Go to Sign In</Link>
          </Button>
        }
      >
        {checkEmail(mustConfirm)}
      </ScreenNotice>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => registration.mutate(values))}>
      <fieldset disabled={registration.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Your details</legend>
        <TextField label="Full name" {...inputKinds.name} {...form.field('fullName')} />
        <TextField label="Email" {...inputKinds.email} {...form.field('email')} />
        <TextField
          label="Password"
          hint="At least 8 characters"
          {...inputKinds.newPassword}
          {...form.field('password')}
        />
        <ContactFields field={form.field} />
        <TextField
          label="Referral code"
          hint={codeRequired ? 'Required: ask the member who invited you' : 'Optional'}
          required={codeRequired}
          placeholder="VAULT-XXXXXX"
          {...inputKinds.handle}
          autoCapitalize="characters"
          {...form.field('referralCode')}
        />

        <div className="mt-1 flex flex-col gap-1 border-t border-border pt-4">
          <FormCheckboxField control={form.control} name="ageConfirmed" label="I am 21 or older" />
          <FormCheckboxField
            control={form.control}
            name="dataConsent"
            label={
              <>
                I agree to the <InlineLink to={paths.terms()}>Terms of Service</InlineLink> and the{' '}
                <InlineLink to={paths.privacy()}>Privacy Policy</InlineLink>, and to The Vault keeping my
                details to run my membership.
              </>
            }
          />
          <FormCheckboxField
            control={form.control}
            name="smsConsent"
            label="Text me about my orders and member news (optional). Message and data rates may apply; reply STOP to opt out."
          />
        </div>

        {rules?.staffApproval && (
          <p className="text-sm text-pretty text-text-muted">
            Staff review every request before you can use The Vault. You can sign in to follow yours.
          </p>
        )}
        <Button type="submit" size="lg" className="mt-2 w-full" pending={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </fieldset>
    </form>
  );
}

/** Opens in a new tab so what the visitor has typed stays put. */
function InlineLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-2 hover:text-text"
    >
      {children}
    </Link>
  );
}

const checkEmail = (email: string) => `Check your e-mail: open the link we sent to ${email}, then sign in.`;

/**
 * One toast shows at a time (spec section 9), so the referral's outcome follows 'Account Created!' instead of
 * replacing it.
 */
function announceRegistration({ referral }: RegisterResponse, description: string) {
  let shown = false;
  const showReferral = () => {
    if (shown) return;
    shown = true;
    if (referral.status === 'applied') {
      toast.success('Referral Applied!', { description: `You were referred by ${referral.referrerName}.` });
    } else if (referral.status === 'invalid') {
      toast.error('Invalid Referral Code', {
        description: 'The code you entered was not found. Proceeding without referral.',
      });
    }
  };
  toast.success('Account Created!', {
    description,
    onAutoClose: showReferral,
    onDismiss: showReferral,
  });
}
