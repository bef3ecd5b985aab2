import { useId, useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { DialogCloseFooter, DialogPanel } from '~/client/components/ui/dialog';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { adjustStockSchema, setStockSchema, type CatalogSticker } from '~/features/shop/shop.schema';
import { SIZE_LABELS, STICKER_SIZES, sizedName, type StickerSize } from '~/features/shop/shop.constants';
import { useAdjustStock, useSetStock } from './shop-admin.queries';

/** The sizes a sticker is offered in: those with a price. */
export const offeredSizes = (sticker: CatalogSticker) =>
  STICKER_SIZES.filter((size) => sticker.prices[size] !== null);

/** A size's count as staff read it. */
const stockText = (count: number | null) =>
  count === null ? 'Unlimited' : count === 0 ? 'Sold out' : `${count.toLocaleString('en-US')} left`;

/** A size's count: "12 left", "Sold out" in the danger colour, or "Unlimited" muted when it has no count. */
export function StockLevel({ count }: { count: number | null }) {
  const tone =
    count === null ? 'text-text-muted' : count === 0 ? 'font-medium text-danger' : 'font-medium text-text';
  return <span className={`tabular ${tone}`}>{stockText(count)}</span>;
}

/**
 * A sticker's stock, a row per offered size: set the count, or add what arrived and take away what left. Put it
 * inside a `Dialog.Root`. It shows the catalogue as it is, so a count that moves while it is open (an order, another
 * admin) shows at once.
 */
export function StockDialog({ sticker }: { sticker: CatalogSticker }) {
  const sizes = offeredSizes(sticker);
  return (
    <DialogPanel
      title={`Stock of ${sticker.name}`}
      description="Set a size's count (empty for unlimited), or add what arrived and take away what left. Orders take from the count when they are placed."
      className="sm:max-w-lg"
    >
      {sizes.length === 0 ? (
        <p className="mt-5 text-base text-text-muted">No size is offered yet: give one a price first.</p>
      ) : (
        <div className="mt-5 flex flex-col divide-y divide-border">
          {sizes.map((size) => (
            <SizeStock key={size} sticker={sticker} size={size} />
          ))}
        </div>
      )}
      <DialogCloseFooter className="mt-5" />
    </DialogPanel>
  );
}

interface SizeProps {
  sticker: CatalogSticker;
  size: StickerSize;
}

function SizeStock({ sticker, size }: SizeProps) {
  const headingId = useId();
  const count = sticker.stock[size];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold">
          {SIZE_LABELS[size]}
        </h3>
        <p aria-live="polite" className="text-base">
          <StockLevel count={count} />
        </p>
      </div>
      <SetCountForm sticker={sticker} size={size} />
      <AdjustForm sticker={sticker} size={size} />
    </section>
  );
}

/** The count alone: the size and the count it replaces come from the row. */
const countSchema = setStockSchema.pick({ count: true });
/** A count as its field shows it: unlimited is empty. */
const countInput = (count: number | null) => (count === null ? '' : String(count));

/**
 * A new count, sent with the count on screen: if an order or another admin moved it meanwhile, nothing changes and
 * the row shows the count as it is now.
 */
function SetCountForm({ sticker, size }: SizeProps) {
  const count = sticker.stock[size];
  const label = SIZE_LABELS[size];
  const form = useContractForm<typeof countSchema, { count: string }>(countSchema, {
    toInput: (fields) => ({ count: fields.count.trim() === '' ? null : Number(fields.count) }),
    // The count as it is now, unless it is being changed here: an untouched field never saves a stale count.
    values: { count: countInput(count) },
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSetStock({
    onSuccess: ({ sticker: saved }) => {
      form.reset({ count: countInput(saved.stock[size]) });
      toast.success('Stock saved', {
        description: `${sizedName(saved.name, size)}: ${stockText(saved.stock[size])}.`,
      });
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Stock not saved');
    },
  });
  // The count the staff member saw when they started typing: if an order moves it meanwhile, the save is refused
  // ("Stock changed") rather than overwriting a count they never saw.
  const [seen, setSeen] = useState(count);
  if (!form.formState.isDirty && seen !== count) setSeen(count);
  const submit = form.handleSubmit((fields) =>
    save.mutate({ stickerId: sticker.id, size, count: fields.count, expected: seen }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex items-start gap-2">
      <TextField
        label="Set count"
        aria-label={`Set count of ${label}`}
        hint="Empty: unlimited"
        placeholder="Unlimited"
        inputMode="numeric"
        autoComplete="off"
        disabled={save.isPending}
        className="min-w-0 flex-1"
        {...form.field('count')}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={!form.formState.isDirty || save.isPending}
        pending={save.isPending}
        aria-label={`Save count of ${label}`}
        className="mt-[1.625rem] shrink-0"
      >
        Save
      </Button>
    </form>
  );
}

const bySchema = adjustStockSchema.pick({ by: true });

/** What arrived (+5) or left (-3), whatever the count is now; a size with no count has nothing to move. */
function AdjustForm({ sticker, size }: SizeProps) {
  const unlimited = sticker.stock[size] === null;
  const label = SIZE_LABELS[size];
  const form = useContractForm<typeof bySchema, { by: string }>(bySchema, {
    // Blank is not a number: the contract asks for one.
    toInput: (fields) => ({ by: fields.by.trim() === '' ? Number.NaN : Number(fields.by) }),
    defaultValues: { by: '' },
  });
  const adjust = useAdjustStock({
    onSuccess: ({ sticker: saved }) => {
      form.reset();
      toast.success('Stock adjusted', {
        description: `${sizedName(saved.name, size)}: ${stockText(saved.stock[size])}.`,
      });
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Stock not adjusted');
    },
  });
  const submit = form.handleSubmit((fields) => adjust.mutate({ stickerId: sticker.id, size, by: fields.by }));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex items-start gap-2">
      {/* No numeric keypad: a phone's number pad has no minus sign. */}
      <TextField
        label="Add or take away"
        aria-label={`Add to or take away from ${label}`}
        placeholder="+5 or -3"
        description={unlimited ? 'Set a count first: this size is unlimited.' : undefined}
        autoComplete="off"
        disabled={unlimited || adjust.isPending}
        className="min-w-0 flex-1"
        {...form.field('by')}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={unlimited || adjust.isPending}
        pending={adjust.isPending}
        aria-label={`Apply to ${label}`}
        className="mt-[1.625rem] shrink-0"
      >
        Apply
      </Button>
    </form>
  );
}
