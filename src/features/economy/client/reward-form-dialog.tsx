import { ImageOff, ImageUp } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { HiddenFileInput } from '~/client/components/ui/hidden-file-input';
import { SelectField } from '~/client/components/ui/select-field';
import { Spinner } from '~/client/components/ui/spinner';
import { FormSwitchField } from '~/client/components/ui/switch-field';
import { DollarField } from '~/client/components/ui/dollar-field';
import { TextField } from '~/client/components/ui/text-field';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { centsToDollarInput } from '~/client/lib/dollar-input';
import { parseDollarsToCents } from '~/shared/money';
import {
  rewardFormSchema,
  type RewardAdminView,
  type RewardFormInput,
  type UpdateRewardInput,
} from '../rewards.schema';
import { CREDIT_NEEDS_APPROVAL, REWARD_ARTS, type RewardKind } from '../rewards.constants';
import { REWARD_ART_LABELS, RewardArt } from './reward-art';
import { useRemoveRewardImage, useSaveReward } from './rewards.queries';

/** What each kind does, as staff choose it. */
export const REWARD_KIND_LABELS: Record<RewardKind, string> = {
  item: 'Item',
  'free-delivery': 'Free delivery',
};

/** The form's fields: the contract's, except the store credit, typed in dollars (the contract is in cents). */
type RewardFields = Omit<RewardFormInput, 'creditCents'> & { credit: string };

const CONTRACT_KEYS = Object.keys(rewardFormSchema.shape) as (keyof RewardFormInput)[];
/** The form field that holds a contract key. */
const fieldFor = (key: keyof RewardFormInput): keyof RewardFields => (key === 'creditCents' ? 'credit' : key);

/** Empty is null: not worth store credit. Anything unreadable is NaN for the schema to refuse. */
const creditCents = (text: string) => (text.trim() === '' ? null : (parseDollarsToCents(text) ?? NaN));
const toInput = ({ credit, ...fields }: RewardFields): RewardFormInput => ({
  ...fields,
  creditCents: creditCents(credit),
});
const fieldOf: FieldOf = (path) => {
  const key = path.split('.')[0] as keyof RewardFormInput;
  return CONTRACT_KEYS.includes(key) ? fieldFor(key) : undefined;
};

const NEW_REWARD = {
  title: '',
  description: '',
  // Empty until typed; the key is here so the server's message for it lands under the field.
  costCoins: undefined,
  kind: 'item',
  art: 'gift',
  needsApproval: false,
  hidden: false,
  credit: '',
} satisfies Partial<RewardFields>;

const fieldsOf = (reward: RewardAdminView): RewardFields => ({
  title: reward.title,
  description: reward.description,
  costCoins: reward.costCoins,
  kind: reward.kind,
  art: reward.art,
  needsApproval: reward.needsApproval,
  hidden: reward.hidden,
  credit: centsToDollarInput(reward.creditCents),
});

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Add Reward or edit one: title, description, cost, what it does, its artwork or picture, approval and visibility.
 * Put it inside a `Dialog.Root`; it closes through `onDone` once saved.
 */
export function RewardFormDialog({ reward, onDone }: { reward?: RewardAdminView; onDone: () => void }) {
  const saved = useMemo(() => (reward ? fieldsOf(reward) : undefined), [reward]);
  const form = useContractForm<typeof rewardFormSchema, RewardFields>(rewardFormSchema, {
    toInput,
    fieldOf,
    // Editing: the fields follow changes saved elsewhere (the event stream), except those being edited here, so
    // the fields sent are never older than the server's.
    ...(saved
      ? { values: saved, resetOptions: { keepDirtyValues: true, keepErrors: true } }
      : { defaultValues: NEW_REWARD }),
  });
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  // The preview's object URL is released when another picture replaces it or the dialog closes.
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url);
    },
    [image],
  );
  const art = useWatch({ control: form.control, name: 'art' });
  // The switch shows no error of its own: a reward worth store credit must need approval (the server's rule too).
  const approvalError = form.formState.errors.needsApproval?.message;

  const save = useSaveReward({
    onSuccess: ({ reward: result, imageError }) => {
      toast.success('Reward saved', {
        description: result.hidden
          ? `${result.title} is hidden from the Rewards Center.`
          : `${result.title} is in the Rewards Center.`,
      });
      // The reward is saved; only its picture is missing. Editing it again can add one.
      if (imageError) showErrorToast(imageError, 'Picture not uploaded');
      onDone();
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Reward not saved');
    },
  });

  const submit = form.handleSubmit((fields) => {
    // The server's rule, said before asking it: staff choose credit or cash when they approve a request.
    if (fields.creditCents !== null && !fields.needsApproval) {
      form.setError('needsApproval', { type: 'validate', message: CREDIT_NEEDS_APPROVAL });
      return;
    }
    if (!reward) {
      save.mutate({ fields, image: image?.file });
      return;
    }
    // Only what was changed, so a save never overwrites what someone else changed meanwhile.
    const { dirtyFields } = form.formState;
    const changes = Object.fromEntries(
      CONTRACT_KEYS.filter((key) => dirtyFields[fieldFor(key)]).map((key) => [key, fields[key]]),
    ) as UpdateRewardInput;
    if (Object.keys(changes).length === 0 && !image) {
      onDone();
      return;
    }
    // A new picture alone: the edit needs a field, and the title is the server's own (the fields follow it).
    save.mutate({
      rewardId: reward.id,
      fields: Object.keys(changes).length ? changes : { title: fields.title },
      image: image?.file,
    });
  });

  const title = reward ? `Edit ${reward.title}` : 'Add Reward';
  return (
    <DialogPanel
      title={title}
      description="Members spend their coins on it in the Rewards Center."
      className="sm:max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
        <fieldset disabled={save.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">{title}</legend>
          <TextField label="Title" autoComplete="off" maxLength={60} {...form.field('title')} />
          <TextareaField
            label="Description"
            hint="Members read this"
            rows={3}
            maxLength={300}
            {...form.field('description')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Cost in coins"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="250"
              className="tabular"
              {...form.field('costCoins', { valueAsNumber: true })}
            />
            <SelectField label="Kind" {...form.field('kind')}>
              {Object.entries(REWARD_KIND_LABELS).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          <DollarField
            control={form.control}
            name="credit"
            label="Store credit value"
            hint="Optional"
            placeholder="100"
            description="For a reward paid as cash or store credit. Staff approving a request choose Store credit (added to the member’s balance) or Cash (paid by hand), so Needs approval must be on. Leave it empty for other rewards."
          />
          <PicturePicker
            reward={reward}
            art={art}
            chosen={image}
            onChoose={(file) => setImage(file ? { file, url: URL.createObjectURL(file) } : null)}
          />
          <SelectField
            label="Artwork"
            description="Shown when the reward has no picture."
            {...form.field('art')}
          >
            {REWARD_ARTS.map((name) => (
              <option key={name} value={name}>
                {REWARD_ART_LABELS[name]}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <FormSwitchField
              control={form.control}
              name="needsApproval"
              label="Needs approval"
              description="Staff approve each redemption before it reaches the member’s cart."
              disabled={save.isPending}
            />
            {approvalError && (
              <p role="alert" className="text-sm text-danger">
                {approvalError}
              </p>
            )}
            <FormSwitchField
              control={form.control}
              name="hidden"
              label="Hidden"
              description="Members do not see it in the Rewards Center."
              disabled={save.isPending}
            />
          </div>
        </fieldset>
        <DialogActions confirmLabel={reward ? 'Save Changes' : 'Add Reward'} pending={save.isPending} />
      </form>
    </DialogPanel>
  );
}

/**
 * The picture as members will see it: the chosen file, the current picture, or the artwork. A chosen file is
 * uploaded with the save; removing the current picture happens at once.
 */
function PicturePicker({
  reward,
  art,
  chosen,
  onChoose,
}: {
  reward: RewardAdminView | undefined;
  art: RewardFormInput['art'];
  chosen: { file: File; url: string } | null;
  onChoose: (file: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const current = reward?.imageUrl ?? '';
  const imageUrl = chosen?.url ?? current;
  const remove = useRemoveRewardImage({
    onSuccess: ({ reward: result }) =>
      toast.success('Picture removed', { description: `${result.title} shows its artwork again.` }),
    onError: (error) => showErrorToast(error, 'Picture not removed'),
  });
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Picture</span>
      <div className="flex items-start gap-3">
        <RewardArt
          key={imageUrl}
          art={art}
          imageUrl={imageUrl}
          className="aspect-[4/3] w-28 shrink-0 rounded-xl border border-border sm:w-36"
        />
        <div className="flex min-w-0 flex-col gap-2">
          <HiddenFileInput ref={input} accept={IMAGE_TYPES} aria-label="Reward picture" onPick={onChoose} />
          <Button
            type="button"
            variant="secondary"
            aria-describedby={hintId}
            className="w-fit"
            onClick={() => input.current?.click()}
          >
            <ImageUp className="size-5" aria-hidden />
            {imageUrl ? 'Change Picture' : 'Choose Picture'}
          </Button>
          {chosen ? (
            <Button type="button" variant="ghost" className="w-fit" onClick={() => onChoose(undefined)}>
              <ImageOff className="size-5" aria-hidden />
              {current ? 'Keep Current Picture' : 'Remove Picture'}
            </Button>
          ) : (
            reward &&
            current && (
              <Button
                type="button"
                variant="ghost"
                className="w-fit"
                disabled={remove.isPending}
                onClick={() => remove.mutate(reward.id)}
              >
                {remove.isPending ? <Spinner /> : <ImageOff className="size-5" aria-hidden />}
                Remove Picture
              </Button>
            )
          )}
          <p id={hintId} className="text-xs [overflow-wrap:anywhere] text-text-muted">
            {chosen?.file.name ?? 'Optional. PNG, JPEG, GIF or WebP; 4:3 works best.'}
          </p>
        </div>
      </div>
    </div>
  );
}
