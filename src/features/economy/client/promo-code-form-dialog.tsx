import { DollarSign, Percent } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { DialogActions, DialogPanel } from '~/client/components/ui/dialog';
import { DollarField } from '~/client/components/ui/dollar-field';
import { SegmentedChoice, type Choice } from '~/client/components/ui/segmented-choice';
import { FormSwitchField } from '~/client/components/ui/switch-field';
import { TextField, inputKinds, type TextFieldProps } from '~/client/components/ui/text-field';
import { centsToDollarInput } from '~/client/lib/dollar-input';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { toast } from '~/client/lib/toast';
import { formatCents, parseDollarsToCents } from '~/shared/money';
import type { PromoKind } from '../loyalty.constants';
import { promoCodeFormSchema, type PromoCodeFormInput, type PromoCodeView } from '../loyalty.schema';
import { useCreatePromoCode, useUpdatePromoCode } from './loyalty.queries';

/** What a code takes off, as staff read it: "20% off", "$5.00 off". */
export function promoOffText(code: Pick<PromoCodeView, 'kind' | 'percentOff' | 'amountOffCents'>): string {
  return code.kind === 'percent'
    ? `${code.percentOff ?? 0}% off`
    : `${formatCents(code.amountOffCents ?? 0)} off`;
}

/**
 * The form's fields: the contract's, with numbers as typed (empty is none) and money in dollars; the contract is
 * in whole numbers and cents.
 */
interface PromoFields {
  code: string;
  kind: PromoKind;
  percentOff: string;
  amountOff: string;
  minOrder: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
  oncePerMember: boolean;
  firstOrderOnly: boolean;
}

/** Empty is none; anything unreadable is NaN, for the contract to refuse with its own words. */
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const centsOrNull = (text: string) => (text.trim() === '' ? null : (parseDollarsToCents(text) ?? NaN));

const toInput = (fields: PromoFields): PromoCodeFormInput => ({
  code: fields.code,
  kind: fields.kind,
  // The chosen kind's amount must be there: an empty one is NaN, so it is refused with the other problems at once.
  percentOff: fields.kind === 'percent' ? (wholeOrNull(fields.percentOff) ?? NaN) : null,
  amountOffCents: fields.kind === 'amount' ? (centsOrNull(fields.amountOff) ?? NaN) : null,
  minOrderCents: centsOrNull(fields.minOrder),
  startsOn: fields.startsOn || null,
  endsOn: fields.endsOn || null,
  maxUses: wholeOrNull(fields.maxUses),
  oncePerMember: fields.oncePerMember,
  firstOrderOnly: fields.firstOrderOnly,
});

const FIELD_OF: Record<keyof PromoCodeFormInput, keyof PromoFields> = {
  code: 'code',
  kind: 'kind',
  percentOff: 'percentOff',
  amountOffCents: 'amountOff',
  minOrderCents: 'minOrder',
  startsOn: 'startsOn',
  endsOn: 'endsOn',
  maxUses: 'maxUses',
  oncePerMember: 'oncePerMember',
  firstOrderOnly: 'firstOrderOnly',
};

/** The contract's paths as the field that shows the problem. */
const fieldOf: FieldOf = (path) => {
  const key = path.split('.')[0] as keyof PromoCodeFormInput;
  return Object.hasOwn(FIELD_OF, key) ? FIELD_OF[key] : undefined;
};

const codeContract = promoCodeFormSchema.shape.code;

const NEW_CODE: PromoFields = {
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  maxUses: '',
  oncePerMember: false,
  firstOrderOnly: false,
};

const fieldsOf = (code: PromoCodeView): PromoFields => ({
  code: code.code,
  kind: code.kind,
  percentOff: code.percentOff === null ? '' : String(code.percentOff),
  amountOff: centsToDollarInput(code.amountOffCents),
  minOrder: centsToDollarInput(code.minOrderCents),
  startsOn: code.startsOn ?? '',
  endsOn: code.endsOn ?? '',
  maxUses: code.maxUses === null ? '' : String(code.maxUses),
  oncePerMember: code.oncePerMember,
  firstOrderOnly: code.firstOrderOnly,
});

/**
 * New Promo Code, or edit one: the code, what it takes off and its limits. Put it inside a `Dialog.Root`; it
 * closes through `onDone` once saved.
 */
export function PromoCodeFormDialog({ code, onDone }: { code?: PromoCodeView; onDone: () => void }) {
  const saved = useMemo(() => (code ? fieldsOf(code) : undefined), [code]);
  const form = useContractForm<typeof promoCodeFormSchema, PromoFields>(promoCodeFormSchema, {
    toInput,
    fieldOf,
    // Editing: the fields follow changes saved elsewhere (the event stream), except those being edited here.
    ...(saved
      ? { values: saved, resetOptions: { keepDirtyValues: true, keepErrors: true } }
      : { defaultValues: NEW_CODE }),
  });
  const [kind, typed] = useWatch({ control: form.control, name: ['kind', 'code'] });
  // The code as the contract stores it, once it is one.
  const stored = codeContract.safeParse(typed);

  const onError = (error: Error) => {
    form.setServerErrors(error);
    showErrorToast(error, 'Promo code not saved');
  };
  const create = useCreatePromoCode({
    onSuccess: ({ code: result }) => {
      toast.success('Promo code created', { description: `${result.code}: ${promoOffText(result)}.` });
      onDone();
    },
    onError,
  });
  const update = useUpdatePromoCode({
    onSuccess: ({ code: result }) => {
      toast.success('Promo code saved', { description: `${result.code}: ${promoOffText(result)}.` });
      onDone();
    },
    onError,
  });
  const pending = create.isPending || update.isPending;

  const submit = form.handleSubmit((values) => {
    if (!code) return create.mutate(values);
    // Nothing changed: nothing to send.
    if (!form.formState.isDirty) return onDone();
    update.mutate({ promoCodeId: code.id, ...values });
  });

  const title = code ? `Edit ${code.code}` : 'New Promo Code';
  return (
    <DialogPanel
      title={title}
      description={
        code && code.uses > 0
          ? `${code.uses} ${code.uses === 1 ? 'order uses' : 'orders use'} it: changes apply to new orders only.`
          : 'Members type it at checkout to take money off their stickers.'
      }
      className="sm:max-w-lg"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
        <fieldset disabled={pending} className="flex flex-col gap-4">
          <legend className="sr-only">{title}</legend>
          <TextField
            label="Code"
            {...inputKinds.handle}
            autoCapitalize="characters"
            placeholder="SUMMER10"
            className="[&_input]:font-mono [&_input]:tracking-wider"
            description={
              stored.success && stored.data !== typed
                ? `Saved as ${stored.data}.`
                : 'Letters, digits and dashes. Saved in capitals, without spaces.'
            }
            {...form.field('code')}
          />
          <SegmentedChoice
            label="Discount"
            value={kind}
            onValueChange={(next) => form.setValue('kind', next, { shouldDirty: true })}
            choices={KINDS}
          />
          <div className="grid grid-cols-2 gap-3">
            {kind === 'percent' ? (
              <PercentField label="Percent off" placeholder="20" {...form.field('percentOff')} />
            ) : (
              <DollarField control={form.control} name="amountOff" label="Amount off" placeholder="5" />
            )}
            <DollarField
              control={form.control}
              name="minOrder"
              label="Minimum order"
              placeholder="None"
              description="Stickers at menu prices."
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="First day"
              hint="Optional"
              type="date"
              description="In the shop’s time zone."
              {...form.field('startsOn')}
            />
            <TextField
              label="Last day"
              hint="Optional"
              type="date"
              description="It works all that day too."
              {...form.field('endsOn')}
            />
          </div>
          <TextField
            label="Total uses"
            hint="Optional"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="No limit"
            description="How many orders may use it in all. A cancelled order gives its use back."
            className="tabular"
            {...form.field('maxUses')}
          />
          <div className="flex flex-col gap-2 border-t border-border pt-3">
            <FormSwitchField
              control={form.control}
              name="oncePerMember"
              label="Once per member"
              description="Each member may use it on one order."
              disabled={pending}
            />
            <FormSwitchField
              control={form.control}
              name="firstOrderOnly"
              label="First order only"
              description="Only for a member who has not ordered before."
              disabled={pending}
            />
          </div>
        </fieldset>
        <DialogActions confirmLabel={code ? 'Save Changes' : 'Create Code'} pending={pending} />
      </form>
    </DialogPanel>
  );
}

const KINDS: Choice<PromoKind>[] = [
  { value: 'percent', label: 'Percent off', Icon: Percent },
  { value: 'amount', label: 'Amount off', Icon: DollarSign },
];

/** A whole percentage, typed on the number pad, with "%" after it inside the field. */
export function PercentField(props: Omit<TextFieldProps, 'prefix' | 'suffix' | 'type' | 'inputMode'>) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      maxLength={3}
      suffix="%"
      {...props}
    />
  );
}
