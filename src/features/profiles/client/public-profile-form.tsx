import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { ApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import type { SessionUser } from '~/shared/session';
import { SMOKE_PREFERENCES, updateProfileSchema, type UpdateProfileInput } from '../profiles.schema';
import { useUpdateProfile, type UpdateProfileValues } from './profiles.queries';

const BIO_MAX = 500;
type SmokePreference = (typeof SMOKE_PREFERENCES)[number];

const asPreference = (value: string): SmokePreference =>
  (SMOKE_PREFERENCES as readonly string[]).includes(value) ? (value as SmokePreference) : 'Not Set';

const fieldClass =
  'w-full rounded-xl border border-border bg-background px-3.5 text-base text-text transition-colors duration-150 hover:border-text-muted/50 focus-visible:border-primary aria-invalid:border-danger';

/** What other members see about the member besides their name, level and coins: bio and smoke preference. */
export function PublicProfileForm({ user }: { user: SessionUser }) {
  const id = useId();
  const ids = {
    bio: `${id}-bio`,
    count: `${id}-bio-count`,
    bioError: `${id}-bio-error`,
    smoke: `${id}-smoke`,
    smokeError: `${id}-smoke-error`,
  };
  const form = useForm<UpdateProfileInput, unknown, UpdateProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { bio: user.bio, smokePreference: asPreference(user.smokePreference) },
  });
  const { errors } = form.formState;
  const bioLength = (useWatch({ control: form.control, name: 'bio' }) ?? '').length;

  const update = useUpdateProfile({
    onSuccess: ({ user: saved }) => {
      form.reset({ bio: saved.bio, smokePreference: asPreference(saved.smokePreference) });
      toast.success('Profile updated');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'bio' || field === 'smokePreference') form.setError(field, { message });
        }
      }
      showErrorToast(error, 'Profile not saved');
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Public profile</legend>
        <div className="flex flex-col gap-1.5">
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={ids.bio} className="text-sm font-medium">
              Bio
            </label>
            <span
              id={ids.count}
              className={`text-xs tabular ${bioLength > BIO_MAX ? 'text-danger' : 'text-text-muted'}`}
            >
              {bioLength} / {BIO_MAX}
            </span>
          </div>
          <textarea
            id={ids.bio}
            rows={4}
            maxLength={BIO_MAX}
            placeholder="Tell other members a little about yourself."
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${ids.count} ${ids.bioError}` : ids.count}
            className={`${fieldClass} min-h-28 resize-y py-2.5 leading-relaxed placeholder:text-text-muted/70`}
            {...form.register('bio')}
          />
          {errors.bio && (
            <p id={ids.bioError} className="text-sm text-danger">
              {errors.bio.message}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.smoke} className="text-sm font-medium">
            Smoke preference
          </label>
          <select
            id={ids.smoke}
            aria-invalid={errors.smokePreference ? true : undefined}
            aria-describedby={errors.smokePreference ? ids.smokeError : undefined}
            className={`${fieldClass} min-h-11 appearance-auto`}
            {...form.register('smokePreference')}
          >
            {SMOKE_PREFERENCES.map((preference) => (
              <option key={preference} value={preference}>
                {preference}
              </option>
            ))}
          </select>
          {errors.smokePreference && (
            <p id={ids.smokeError} className="text-sm text-danger">
              {errors.smokePreference.message}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" className="w-full sm:w-auto">
            {update.isPending && <Spinner />}
            Save
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
