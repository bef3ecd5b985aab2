import { useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { SelectField } from '~/client/components/ui/select-field';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import type { SessionUser } from '~/shared/session';
import { updateProfileSchema } from '../profiles.schema';
import { SMOKE_PREFERENCES } from '../profiles.constants';
import { useUpdateProfile } from './profiles.queries';

const BIO_MAX = 500;
type SmokePreference = (typeof SMOKE_PREFERENCES)[number];

const asPreference = (value: string): SmokePreference =>
  (SMOKE_PREFERENCES as readonly string[]).includes(value) ? (value as SmokePreference) : 'Not Set';

const fieldsOf = (user: SessionUser) => ({
  bio: user.bio,
  smokePreference: asPreference(user.smokePreference),
});

/** What other members see about the member besides their name, level and coins: bio and smoke preference. */
export function PublicProfileForm({ user }: { user: SessionUser }) {
  const form = useContractForm(updateProfileSchema, { defaultValues: fieldsOf(user) });
  const bioLength = (useWatch({ control: form.control, name: 'bio' }) ?? '').length;

  const update = useUpdateProfile({
    onSuccess: ({ user: saved }) => {
      form.reset(fieldsOf(saved));
      toast.success('Profile updated');
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Profile not saved');
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))}>
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Public profile</legend>
        <TextareaField
          label="Bio"
          hint={
            <span className={`tabular ${bioLength > BIO_MAX ? 'text-danger' : ''}`}>
              {bioLength} / {BIO_MAX}
            </span>
          }
          maxLength={BIO_MAX}
          placeholder="Tell other members a little about yourself."
          {...form.field('bio')}
        />
        <SelectField
          label="Smoke preference"
          options={SMOKE_PREFERENCES}
          {...form.field('smokePreference')}
        />
        <div>
          <Button type="submit" className="w-full sm:w-auto" pending={update.isPending}>
            Save
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
