import { Lock } from 'lucide-react';
import { toast } from '~/client/lib/toast';
import { FormActions } from '~/client/components/ui/form-actions';
import { ListSkeleton, ListStates, SkeletonCard, SkeletonLines } from '~/client/components/ui/list-states';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import {
  updateEconomySettingsSchema,
  type UpdateEconomySettingsInput,
} from '~/features/economy/economy.schema';
import {
  ECONOMY_SETTING_KEYS,
  ECONOMY_SETTINGS,
  economySettingMin,
  type EconomySettingKey,
  type EconomySettings,
} from '~/shared/economy-settings';
import { can } from '~/shared/permissions';
import type { Actor } from '~/shared/permissions';
import { AdjustmentForm } from './adjustment-form';
import { CashRewardsSection } from './cash-rewards-section';
import { LevelPerksSection } from './level-perks-section';
import { useEconomySettings, useUpdateEconomySettings } from './economy.queries';
import { PromoCodesSection } from './promo-codes-section';
import { RedemptionRequestsSection } from './redemption-requests-section';
import { RewardCatalogSection } from './reward-catalog-section';
import { TabSection } from '~/client/components/ui/tab-section';

const NAMED_GROUPS: { title: string; keys: EconomySettingKey[] }[] = [
  { title: 'Weekly login', keys: ['weeklyLoginXp', 'weeklyLoginCoins', 'weeklyLoginIntervalDays'] },
  { title: 'Posts', keys: ['postXp', 'postCoins', 'postCooldownHours'] },
  { title: 'Comments', keys: ['commentXp', 'commentCoins', 'commentCooldownHours'] },
  { title: 'Ratings', keys: ['ratingXp', 'ratingCooldownHours'] },
  {
    title: 'Referrals',
    keys: [
      'approvedReferralXp',
      'referralRepeatPurchaseXp',
      'welcomeCoins',
      'superReferrerCoins',
      'superReferrerThreshold',
    ],
  },
  { title: 'Purchases', keys: ['personalPurchaseXp', 'coinsPerDollar'] },
  { title: 'Reward milestones', keys: ['rewardMilestoneXp', 'rewardMilestoneStepCoins'] },
  { title: 'Limits', keys: ['dailyCoinCap', 'adjustmentOwnerThreshold'] },
];

/** A setting added later shows up under Other until it is given a group. */
const ungrouped = ECONOMY_SETTING_KEYS.filter(
  (key) => !NAMED_GROUPS.some((group) => group.keys.includes(key)),
);
const GROUPS = ungrouped.length ? [...NAMED_GROUPS, { title: 'Other', keys: ungrouped }] : NAMED_GROUPS;

/**
 * Economy Management: every award amount and cooldown; what is saved applies to the next award; then the level
 * perks. Staff who manage rewards also get the reward requests, the Rewards Center's catalogue and the promo codes.
 */
export function EconomyTab({ actor }: { actor: Actor }) {
  const settings = useEconomySettings();
  return (
    <div className="flex flex-col gap-10">
      <TabSection
        id="economy-heading"
        title="Economy Management"
        description="XP and Exotic Coins members earn, and how often. Changes apply to the next award."
      >
        <ListStates
          query={settings}
          empty={!settings.data}
          skeleton={<EconomySkeleton />}
          errorMessage="The economy settings could not be loaded."
          emptyState={null}
        >
          {settings.data && (
            <EconomyForm settings={settings.data.settings} canEdit={can(actor, 'manage:economy')} />
          )}
        </ListStates>
        {can(actor, 'manage:economy') && <AdjustmentForm />}
      </TabSection>
      <LevelPerksSection canEdit={can(actor, 'manage:economy')} />
      {/* Rewards Managers read the settings above and work here. */}
      {can(actor, 'manage:rewards') && (
        <>
          <RedemptionRequestsSection actor={actor} />
          <CashRewardsSection actor={actor} />
          <RewardCatalogSection />
          <PromoCodesSection />
        </>
      )}
    </div>
  );
}

function EconomyForm({ settings, canEdit }: { settings: EconomySettings; canEdit: boolean }) {
  const form = useContractForm(updateEconomySettingsSchema, {
    // Saved elsewhere (another admin, the event stream): the fields follow, except those being edited here.
    values: settings,
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  const { dirtyFields, isDirty } = form.formState;

  const update = useUpdateEconomySettings({
    onSuccess: ({ settings: saved }) => {
      form.reset(saved);
      toast.success('Settings saved');
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Settings not saved');
    },
  });

  const save = form.handleSubmit((values) => {
    // Only what was changed, so a save never overwrites what someone else changed meanwhile.
    const changes = Object.fromEntries(
      ECONOMY_SETTING_KEYS.filter((key) => dirtyFields[key]).map((key) => [key, values[key]]),
    ) as UpdateEconomySettingsInput;
    if (Object.keys(changes).length) update.mutate(changes);
  });

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4">
      {!canEdit && (
        <p className="flex items-center gap-2 rounded-xl border border-border bg-surface px-4 py-3 text-sm text-text-muted">
          <Lock className="size-5 shrink-0" aria-hidden />
          You can see these settings; changing them needs the Economy Manager role.
        </p>
      )}
      <fieldset
        disabled={!canEdit || update.isPending}
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3 [&_input:disabled]:cursor-not-allowed [&_input:disabled]:border-dashed [&_input:disabled]:text-text-muted"
      >
        <legend className="sr-only">Economy settings</legend>
        {GROUPS.map((group) => (
          <fieldset
            key={group.title}
            className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4"
          >
            <legend className="float-left text-base font-semibold">{group.title}</legend>
            {group.keys.map((key) => (
              <TextField
                key={key}
                label={ECONOMY_SETTINGS[key].label}
                hint={`Current: ${settings[key]}`}
                type="number"
                inputMode="numeric"
                min={economySettingMin(key)}
                max={ECONOMY_SETTINGS[key].max}
                step={1}
                // The hint is TextField's only span: keep "Current: N" on one line beside a long label.
                className="tabular [&_span]:whitespace-nowrap"
                {...form.field(key, { valueAsNumber: true })}
              />
            ))}
          </fieldset>
        ))}
      </fieldset>
      {canEdit && (
        <FormActions dirty={isDirty} pending={update.isPending} onDiscard={() => form.reset(settings)} />
      )}
    </form>
  );
}

function EconomySkeleton() {
  return (
    <ListSkeleton
      label="Loading settings"
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      item={
        <SkeletonCard className="gap-4 p-4" lines={['h-5 w-1/3']}>
          {[0, 1, 2].map((row) => (
            <SkeletonLines key={row} lines={['h-3.5 w-1/2', 'h-11 rounded-xl']} />
          ))}
        </SkeletonCard>
      }
    />
  );
}
