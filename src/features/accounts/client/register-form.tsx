import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CheckboxField } from '~/client/components/ui/checkbox-field';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { TextField } from '~/client/components/ui/text-field';
import { ApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { paths } from '~/client/lib/paths';
import { registerSchema, type RegisterInput, type RegisterResponse } from '../accounts.schema';
import { useRegister, type RegisterFormValues } from './accounts.queries';

const FIELDS = new Set<string>(Object.keys(registerSchema.shape));

export function RegisterForm() {
  const navigate = useNavigate();
  const form = useForm<RegisterInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerSchema),
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
  const { errors } = form.formState;

  const registration = useRegister({
    onSuccess: (result) => {
      announceRegistration(result);
      void navigate(paths.login());
    },
    onError: (error) => {
      // The server names the field it refused (a taken email, a phone it could not read): show it there too.
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (FIELDS.has(field)) form.setError(field as Path<RegisterInput>, { message });
        }
      }
      showErrorToast(error, 'Registration Failed');
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => registration.mutate(values))}>
      <fieldset disabled={registration.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Your details</legend>
        <TextField
          label="Full name"
          autoComplete="name"
          autoCapitalize="words"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Telegram username"
          placeholder="@username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.telegram?.message}
          {...form.register('telegram')}
        />
        <TextField
          label="Phone number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(555) 123-4567"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Full address"
          autoComplete="street-address"
          placeholder="Street, apartment, city, state, ZIP"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <TextField
          label="Referral code"
          hint="Optional"
          placeholder="VAULT-XXXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.referralCode?.message}
          {...form.register('referralCode')}
        />

        <div className="mt-1 flex flex-col gap-1 border-t border-border pt-4">
          <Controller
            control={form.control}
            name="ageConfirmed"
            render={({ field, fieldState }) => (
              <CheckboxField
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                label="I am 21 or older"
              />
            )}
          />
          <Controller
            control={form.control}
            name="dataConsent"
            render={({ field, fieldState }) => (
              <CheckboxField
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                label={
                  <>
                    I agree to the <InlineLink to={paths.terms()}>Terms of Service</InlineLink> and the{' '}
                    <InlineLink to={paths.privacy()}>Privacy Policy</InlineLink>, and to The Vault keeping my
                    details to run my membership.
                  </>
                }
              />
            )}
          />
          <Controller
            control={form.control}
            name="smsConsent"
            render={({ field }) => (
              <CheckboxField
                ref={field.ref}
                name={field.name}
                checked={field.value === true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                label="Text me about my orders and member news (optional). Message and data rates may apply; reply STOP to opt out."
              />
            )}
          />
        </div>

        <Button type="submit" size="lg" className="mt-2 w-full">
          {registration.isPending && <Spinner />}
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

/**
 * One toast shows at a time (spec section 9), so the referral's outcome follows 'Account Created!' instead of
 * replacing it.
 */
function announceRegistration({ referral }: RegisterResponse) {
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
    description: 'Your account has been successfully created. You can now log in.',
    onAutoClose: showReferral,
    onDismiss: showReferral,
  });
}
