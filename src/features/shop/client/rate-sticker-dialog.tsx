import { Star } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { isApiError } from '~/client/lib/api-client';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { rateStickerSchema, type MenuSticker } from '../shop.schema';
import {
  INCOMPLETE_RATING,
  INCOMPLETE_RATING_TITLE,
  RATING_CATEGORIES,
  type RatingCategory,
} from '../shop.constants';
import { useRateSticker } from './shop.queries';

const CATEGORY_LABELS: Record<RatingCategory, string> = { smell: 'Smell', taste: 'Taste', high: 'High' };
const SCORES = [1, 2, 3, 4, 5] as const;
const incompleteDescription = INCOMPLETE_RATING.slice(INCOMPLETE_RATING_TITLE.length + 2);

/** Smell, taste and high from 1 to 5; all three or nothing (spec section 5). Put inside a `Dialog.Root`. */
export function RateStickerDialog({ sticker, onDone }: { sticker: MenuSticker; onDone: () => void }) {
  const form = useContractForm(rateStickerSchema, {
    defaultValues: { smell: undefined, taste: undefined, high: undefined },
  });
  const rate = useRateSticker({
    onSuccess: ({ xpAwarded }) => {
      toast.success('Thanks for rating!', { description: `You earned +${xpAwarded} XP.` });
      onDone();
    },
    onError: (error) => {
      showErrorToast(error, 'Rating not saved');
      // Already rated: the card now shows when the member may rate again.
      if (isApiError(error, 'ON_COOLDOWN')) onDone();
    },
  });

  // A missing score is the only way to fail the contract: the spec's one toast, whichever is missing.
  const submit = form.handleSubmit(
    (scores) => rate.mutate({ stickerId: sticker.id, ...scores }),
    () => toast.error(INCOMPLETE_RATING_TITLE, { description: incompleteDescription }),
  );

  return (
    <DialogPanel title={`Rate ${sticker.name}`} description="Score each from 1 (low) to 5 (high).">
      <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <fieldset disabled={rate.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">Your scores</legend>
          {RATING_CATEGORIES.map((category) => (
            <Controller
              key={category}
              control={form.control}
              name={category}
              render={({ field }) => (
                <ScorePicker
                  label={CATEGORY_LABELS[category]}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          ))}
        </fieldset>
        <DialogActions className="mt-2" confirmLabel="Submit Rating" pending={rate.isPending} />
      </form>
    </DialogPanel>
  );
}

function ScorePicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (score: number) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1 min-[400px]:flex-row min-[400px]:items-center min-[400px]:justify-between">
      <span id={labelId} className="text-base font-medium">
        {label}
      </span>
      <RadioGroup.Root
        aria-labelledby={labelId}
        orientation="horizontal"
        value={value ? String(value) : ''}
        onValueChange={(score) => onChange(Number(score))}
        className="-mx-1.5 flex"
      >
        {SCORES.map((score) => {
          const lit = value !== undefined && score <= value;
          return (
            <RadioGroup.Item
              key={score}
              value={String(score)}
              aria-label={`${score} of 5`}
              className="group grid size-11 place-items-center rounded-lg transition-colors duration-150 hover:bg-surface-raised"
            >
              <Star
                className={`size-7 transition-colors duration-150 ${lit ? 'fill-primary text-primary' : 'text-text-muted group-hover:text-text'}`}
                aria-hidden
              />
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </div>
  );
}
