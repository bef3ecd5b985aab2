import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '~/client/lib/toast';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { SelectField } from '~/client/components/ui/select-field';
import { DollarField } from '~/client/components/ui/dollar-field';
import { TextField } from '~/client/components/ui/text-field';
import { TextareaField } from '~/client/components/ui/textarea-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { StickerImage } from '~/features/shop/client/sticker-image';
import { stickerFormSchema, type CatalogSticker } from '~/features/shop/shop.schema';
import {
  SIZE_LABELS,
  STICKER_SIZES,
  STICKER_TYPES,
  type StickerSize,
  type StickerType,
} from '~/features/shop/shop.constants';
import { parseDollarsToCents } from '~/shared/money';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { centsToDollarInput } from '~/client/lib/dollar-input';
import { useSaveSticker } from './shop-admin.queries';

/**
 * The form's fields: prices as typed, in dollars; the contract (stickerFormSchema) is in cents. Limits as typed,
 * empty for none. One field per size, since a size's name ('3.5g') cannot be part of a field's path.
 */
interface StickerFields {
  name: string;
  type: StickerType;
  description: string;
  price35g: string;
  priceOz: string;
  priceLb: string;
  orderLimit35g: string;
  orderLimitOz: string;
  orderLimitLb: string;
  dailyLimit35g: string;
  dailyLimitOz: string;
  dailyLimitLb: string;
}

/** Each per-size part of the contract, and its field for each size. */
const SIZED_FIELDS = {
  prices: { '3.5g': 'price35g', oz: 'priceOz', lb: 'priceLb' },
  orderLimits: { '3.5g': 'orderLimit35g', oz: 'orderLimitOz', lb: 'orderLimitLb' },
  dailyLimits: { '3.5g': 'dailyLimit35g', oz: 'dailyLimitOz', lb: 'dailyLimitLb' },
} as const satisfies Record<string, Record<StickerSize, keyof StickerFields>>;
type SizedPart = keyof typeof SIZED_FIELDS;

/** The spec's placeholders, in dollars. */
const PRICE_PLACEHOLDERS: Record<StickerSize, string> = { '3.5g': '45', oz: '250', lb: '1800' };

/** The limits' rows in the form, under the prices. */
const LIMITS = [
  { part: 'orderLimits', label: 'Max per order' },
  { part: 'dailyLimits', label: 'Max per member per day' },
] as const satisfies { part: SizedPart; label: string }[];

/** An empty price is 0: the size is not offered. Anything unreadable stays undefined for the schema to refuse. */
const priceCents = (text: string) => (text.trim() === '' ? 0 : parseDollarsToCents(text));

/** An empty limit is null: none. Anything unreadable is NaN for the schema to refuse. */
const limitOf = (text: string) => (text.trim() === '' ? null : Number(text));
const limitInput = (limit: number | null | undefined) => (limit == null ? '' : String(limit));

const perSize = <T,>(part: SizedPart, fields: StickerFields, read: (text: string) => T) =>
  Object.fromEntries(STICKER_SIZES.map((size) => [size, read(fields[SIZED_FIELDS[part][size]])]));

const toInput = (fields: StickerFields) => ({
  name: fields.name,
  type: fields.type,
  description: fields.description,
  prices: perSize('prices', fields, priceCents),
  orderLimits: perSize('orderLimits', fields, limitOf),
  dailyLimits: perSize('dailyLimits', fields, limitOf),
});

const fieldOf: FieldOf = (path) => {
  const [head = '', size] = path.split(/\.(.*)/s);
  if (head in SIZED_FIELDS) {
    const fields = SIZED_FIELDS[head as SizedPart];
    return fields[(size ?? '3.5g') as StickerSize] ?? fields['3.5g'];
  }
  return ['name', 'type', 'description'].includes(head) ? head : undefined;
};

/** The fields as the form opens: the sticker's, or empty for a new one. */
const fieldsOf = (sticker: CatalogSticker | undefined): StickerFields => ({
  name: sticker?.name ?? '',
  type: sticker?.type ?? 'Hybrid',
  description: sticker?.description ?? '',
  price35g: centsToDollarInput(sticker?.prices['3.5g'] ?? null),
  priceOz: centsToDollarInput(sticker?.prices.oz ?? null),
  priceLb: centsToDollarInput(sticker?.prices.lb ?? null),
  orderLimit35g: limitInput(sticker?.orderLimits['3.5g']),
  orderLimitOz: limitInput(sticker?.orderLimits.oz),
  orderLimitLb: limitInput(sticker?.orderLimits.lb),
  dailyLimit35g: limitInput(sticker?.dailyLimits['3.5g']),
  dailyLimitOz: limitInput(sticker?.dailyLimits.oz),
  dailyLimitLb: limitInput(sticker?.dailyLimits.lb),
});

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Add Sticker or edit one: name, type, description, image and a price per size. Put it inside a `Dialog.Root`;
 * it closes through `onDone` once saved.
 */
export function StickerFormDialog({ sticker, onDone }: { sticker?: CatalogSticker; onDone: () => void }) {
  const form = useContractForm<typeof stickerFormSchema, StickerFields>(stickerFormSchema, {
    toInput,
    fieldOf,
    defaultValues: fieldsOf(sticker),
  });
  const [image, setImage] = useState<{ file: File; url: string } | null>(null);
  // The preview's object URL is released when another picture replaces it or the dialog closes.
  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image.url);
    },
    [image],
  );
  const typedName = useWatch({ control: form.control, name: 'name' });

  const save = useSaveSticker({
    onSuccess: ({ sticker: saved, imageError }) => {
      if (imageError) {
        // The sticker is saved; only its picture is missing. Editing it again can add one.
        showErrorToast(imageError, 'Image not uploaded');
      } else {
        toast.success(sticker ? 'Sticker saved' : 'Sticker added', {
          description: saved.hidden
            ? `${saved.name} is hidden from the menu.`
            : `${saved.name} is on the menu.`,
        });
      }
      onDone();
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Sticker not saved');
    },
  });

  const submit = form.handleSubmit((fields) =>
    save.mutate(
      sticker ? { stickerId: sticker.id, fields, image: image?.file } : { fields, image: image?.file },
    ),
  );

  const title = sticker ? `Edit ${sticker.name}` : 'Add Sticker';
  return (
    <DialogPanel
      title={title}
      description="Leave a size's price empty when that size is not offered, and a limit empty for none."
      className="sm:max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
        <fieldset disabled={save.isPending} className="flex flex-col gap-4">
          <legend className="sr-only">{title}</legend>
          <TextField label="Name" autoComplete="off" maxLength={80} {...form.field('name')} />
          <SelectField label="Type" options={STICKER_TYPES} {...form.field('type')} />
          <TextareaField label="Description" rows={3} maxLength={1000} {...form.field('description')} />
          <ImagePicker
            stickerId={sticker?.id ?? 'new'}
            name={typedName.trim() || sticker?.name || 'New sticker'}
            imageUrl={image?.url ?? sticker?.imageUrl ?? ''}
            chosen={image?.file.name}
            onChoose={(file) => setImage(file ? { file, url: URL.createObjectURL(file) } : null)}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Prices</legend>
            <div className="grid grid-cols-3 gap-2 sm:gap-3">
              {STICKER_SIZES.map((size) => (
                <DollarField
                  key={size}
                  control={form.control}
                  name={SIZED_FIELDS.prices[size]}
                  label={SIZE_LABELS[size]}
                  placeholder={PRICE_PLACEHOLDERS[size]}
                />
              ))}
            </div>
          </fieldset>
          {LIMITS.map(({ part, label }) => (
            <fieldset key={part} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">{label}</legend>
              {/* In the prices' columns: each field's size is the one above it, and in its name for screen readers. */}
              <div className="grid grid-cols-3 gap-2 sm:gap-3">
                {STICKER_SIZES.map((size) => (
                  <TextField
                    key={size}
                    label={`${label} of ${SIZE_LABELS[size]}`}
                    hideLabel
                    placeholder="No limit"
                    inputMode="numeric"
                    autoComplete="off"
                    {...form.field(SIZED_FIELDS[part][size])}
                  />
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
        <DialogActions confirmLabel={sticker ? 'Save Changes' : 'Add Sticker'} pending={save.isPending} />
      </form>
    </DialogPanel>
  );
}

/** The picture as members will see it (the chosen file, the current one, or the generated artwork). */
function ImagePicker({
  stickerId,
  name,
  imageUrl,
  chosen,
  onChoose,
}: {
  stickerId: string;
  name: string;
  imageUrl: string;
  chosen: string | undefined;
  onChoose: (file: File | undefined) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">Image</span>
      <div className="flex items-center gap-3">
        <div className="w-28 shrink-0 overflow-hidden rounded-xl border border-border">
          <StickerImage key={imageUrl} id={stickerId} name={name} imageUrl={imageUrl} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            aria-describedby={hintId}
            className="peer sr-only"
            onChange={(event) => onChoose(event.target.files?.[0])}
          />
          <label
            htmlFor={id}
            className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-xl border border-border bg-surface px-4 text-base font-semibold text-text transition-colors duration-150 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-surface-raised"
          >
            <ImageUp className="size-5" aria-hidden />
            {imageUrl ? 'Change Image' : 'Choose Image'}
          </label>
          <p id={hintId} className="text-xs [overflow-wrap:anywhere] text-text-muted">
            {chosen ?? 'PNG, JPEG, GIF or WebP; square works best.'}
          </p>
        </div>
      </div>
    </div>
  );
}
