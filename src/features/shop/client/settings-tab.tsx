import { Store } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from '~/client/lib/toast';
import { FormActions } from '~/client/components/ui/form-actions';
import { ListSkeleton, ListStates, SkeletonBlock } from '~/client/components/ui/list-states';
import { SelectField } from '~/client/components/ui/select-field';
import { FormSwitchField } from '~/client/components/ui/switch-field';
import { DollarField } from '~/client/components/ui/dollar-field';
import { TextField, inputKinds } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatUsPhone } from '~/shared/phone';
import { useShopSettings } from '~/features/shop/client/shop.queries';
import { updateShopSettingsSchema, type ShopSettings } from '~/features/shop/shop.schema';
import { parseDollarsToCents } from '~/shared/money';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { centsToDollarInput } from '~/client/lib/dollar-input';
import { useUpdateShopSettings } from './shop-admin.queries';
import { JOIN_MODES, type JoinMode } from '~/features/accounts/accounts.constants';

/** The form's fields: the fee in dollars as typed; the contract (updateShopSettingsSchema) is in cents. */
interface ShopFields {
  shopName: string;
  contactPhone: string;
  deliveryFee: string;
  timeZone: string;
  requireVerifiedEmail: boolean;
  joinMode: JoinMode;
  askAgainDays: string;
  idCheck: boolean;
  pickupCode: boolean;
  lowStockThreshold: string;
}

/** The fields the form and the contract name alike. */
const SAME_NAMED_FIELDS = [
  'shopName',
  'contactPhone',
  'timeZone',
  'requireVerifiedEmail',
  'joinMode',
  'askAgainDays',
  'idCheck',
  'pickupCode',
  'lowStockThreshold',
];

const fieldOf: FieldOf = (path) =>
  path === 'deliveryFeeCents' ? 'deliveryFee' : SAME_NAMED_FIELDS.includes(path) ? path : undefined;

const toInput = (fields: ShopFields) => ({
  shopName: fields.shopName,
  contactPhone: fields.contactPhone,
  deliveryFeeCents: parseDollarsToCents(fields.deliveryFee),
  timeZone: fields.timeZone,
  requireVerifiedEmail: fields.requireVerifiedEmail,
  joinMode: fields.joinMode,
  // Blank is not a number: the contract asks for one.
  askAgainDays: fields.askAgainDays.trim() === '' ? Number.NaN : Number(fields.askAgainDays),
  idCheck: fields.idCheck,
  pickupCode: fields.pickupCode,
  lowStockThreshold: fields.lowStockThreshold.trim() === '' ? Number.NaN : Number(fields.lowStockThreshold),
});

const fieldsOf = (settings: ShopSettings): ShopFields => ({
  shopName: settings.shopName,
  contactPhone: formatUsPhone(settings.contactPhone),
  deliveryFee: centsToDollarInput(settings.deliveryFeeCents),
  timeZone: settings.timeZone,
  requireVerifiedEmail: settings.requireVerifiedEmail,
  joinMode: settings.joinMode,
  askAgainDays: String(settings.askAgainDays),
  idCheck: settings.idCheck,
  pickupCode: settings.pickupCode,
  lowStockThreshold: String(settings.lowStockThreshold),
});

/** The time zones this browser knows, the saved one first among them even if it does not. */
function timeZoneOptions(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(saved) ? known : [saved, ...known];
}

/** Settings: for now the shop's own (name, the number members call after ordering, the delivery fee). */
export function SettingsTab() {
  const settings = useShopSettings();
  return (
    <section aria-labelledby="settings-heading" className="flex max-w-2xl flex-col gap-4">
      <h2 id="settings-heading" className="text-xl font-semibold tracking-tight">
        Settings
      </h2>
      <ListStates
        query={settings}
        empty={!settings.data}
        skeleton={<SettingsSkeleton />}
        errorMessage="The shop settings could not be loaded."
        emptyState={null}
      >
        {settings.data && <ShopSettingsForm settings={settings.data} />}
      </ListStates>
    </section>
  );
}

function ShopSettingsForm({ settings }: { settings: ShopSettings }) {
  const current = useMemo(() => fieldsOf(settings), [settings]);
  const form = useContractForm<typeof updateShopSettingsSchema, ShopFields>(updateShopSettingsSchema, {
    toInput,
    fieldOf,
    // Saved elsewhere (another admin, the event stream): the fields follow, except those being edited here.
    values: current,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const { isDirty } = form.formState;

  const update = useUpdateShopSettings({
    onSuccess: (saved) => {
      form.reset(fieldsOf(saved));
      toast.success('Settings saved');
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Settings not saved');
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="shop-settings-heading"
      onSubmit={(event) => void form.handleSubmit((values) => update.mutate(values))(event)}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Store className="mt-0.5 size-5 shrink-0 text-text-muted" aria-hidden />
        <div className="flex flex-col gap-1">
          <h3 id="shop-settings-heading" className="text-base font-semibold">
            Shop
          </h3>
          <p className="text-sm text-text-muted">
            The shop&rsquo;s name, the number members are asked to call to confirm after they order, the fee
            added to delivery orders, when the menu says a size is running low, and the time zone its weeks
            start in (the leaderboard&rsquo;s This Week board). Changes apply to the next order; carts show
            the new fee at once.
          </p>
        </div>
      </div>
      <fieldset disabled={update.isPending} className="flex flex-col gap-4">
        <legend className="sr-only">Shop settings</legend>
        <TextField label="Shop name" autoComplete="off" maxLength={80} {...form.field('shopName')} />
        <TextField
          label="Contact phone"
          hint="Shown after ordering"
          {...inputKinds.phone}
          autoComplete="off"
          {...form.field('contactPhone')}
        />
        <div className="sm:max-w-56">
          <DollarField
            control={form.control}
            name="deliveryFee"
            label="Delivery fee"
            hint="Pickup is free"
            placeholder="20"
          />
        </div>
        <div className="sm:max-w-md">
          <TextField
            label="Show “Only N left” at"
            description="The menu shows “Only N left” for a size at this count or below, and catalogue staff are told when a size falls to it."
            inputMode="numeric"
            autoComplete="off"
            {...form.field('lowStockThreshold')}
          />
        </div>
        <FormSwitchField
          control={form.control}
          name="pickupCode"
          label="Pickup code at the counter"
          description="On: a member collecting a pickup order shows the 4-digit code on their order, and staff type it to mark the order Completed. Deliveries always take the code from the driver."
        />
        <SelectField
          label="Time zone"
          hint="This Week starts Monday 00:00 here"
          options={timeZoneOptions(settings.timeZone)}
          {...form.field('timeZone')}
        />
        <FormSwitchField
          control={form.control}
          name="requireVerifiedEmail"
          label="Confirmed e-mail required"
          description="On: members sign in only after opening the link sent to their e-mail, and those signed in without one are signed out. Off: they may, with a reminder."
        />
        <SelectField
          label="How members join"
          description="Open: anyone with the address can request access. Referral code required: only with the code of a member in good standing (not banned, not deleted). Staff approval: new accounts wait in the Members tab's Pending view until staff approve them. Accounts already made stay as they are, and pending requests stay pending."
          {...form.field('joinMode')}
        >
          {Object.entries(JOIN_MODES).map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </SelectField>
        <div className="sm:max-w-56">
          <TextField
            label="Days before asking again"
            hint="After a decline"
            inputMode="numeric"
            autoComplete="off"
            {...form.field('askAgainDays')}
          />
        </div>
        <FormSwitchField
          control={form.control}
          name="idCheck"
          label="Photo ID check"
          description="Under staff approval: a new member gives a photo of a government ID and their date of birth (21 or older). Only those who decide requests see it, each view audited; it is deleted when the request is decided, or after 60 days undecided."
        />
      </fieldset>
      <FormActions
        dirty={isDirty}
        pending={update.isPending}
        onDiscard={() => form.reset(current)}
        className="border-t border-border pt-4"
      />
    </form>
  );
}

function SettingsSkeleton() {
  return (
    <ListSkeleton
      label="Loading settings"
      count={1}
      item={
        <div className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5">
          <SkeletonBlock className="h-5 w-1/4" />
          <SkeletonBlock className="h-3.5 w-3/4" />
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="flex flex-col gap-2">
              <SkeletonBlock className="h-3.5 w-1/3" />
              <SkeletonBlock className="h-11 rounded-xl" />
            </div>
          ))}
        </div>
      }
    />
  );
}
