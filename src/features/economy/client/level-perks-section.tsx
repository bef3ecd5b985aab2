import { ArrowRight, Crown, Lock, Plus, Trash2 } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button, IconButton } from '~/client/components/ui/button';
import { FormActions } from '~/client/components/ui/form-actions';
import {
  EmptyState,
  ListSkeleton,
  ListStates,
  SkeletonBlock,
  SkeletonLines,
} from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm, type FieldOf } from '~/client/lib/form';
import { toast } from '~/client/lib/toast';
import { MAX_LEVEL_PERKS } from '../loyalty.constants';
import { levelPerksSchema, type LevelPerk } from '../loyalty.schema';
import { useLevelPerks, useSaveLevelPerks } from './loyalty.queries';
import { PercentField } from './promo-code-form-dialog';

/** The table as typed: numbers as text (empty is NaN for the contract to refuse); the contract takes numbers. */
interface PerkFields {
  perks: { fromLevel: string; percentOff: string }[];
}

const numberOf = (text: string) => (text.trim() === '' ? NaN : Number(text));
const toInput = ({ perks }: PerkFields) => ({
  perks: perks.map((perk) => ({
    fromLevel: numberOf(perk.fromLevel),
    percentOff: numberOf(perk.percentOff),
  })),
});
const fieldsOf = (perks: readonly LevelPerk[]): PerkFields => ({
  perks: perks.map((perk) => ({ fromLevel: String(perk.fromLevel), percentOff: String(perk.percentOff) })),
});
/** A row's problem under its field ('perks.0.fromLevel'); one about the whole list under the table. */
const fieldOf: FieldOf = (path) => (/^perks\.\d+\.(fromLevel|percentOff)$/.test(path) ? path : 'root');

const perksText = (count: number) => `${count} ${count === 1 ? 'perk' : 'perks'}`;

/**
 * Level perks: from a level on, a percentage off sticker lines. Economy Managers edit the table and save it whole;
 * others who see the tab read it.
 */
export function LevelPerksSection({ canEdit }: { canEdit: boolean }) {
  const perks = useLevelPerks();
  return (
    <TabSection
      id="level-perks-heading"
      title="Level Perks"
      description="A percentage off sticker lines from a level on. A member gets the perk of the highest level they have reached; it comes off before any promo code."
    >
      <ListStates
        query={perks}
        empty={!perks.data}
        skeleton={<PerksSkeleton />}
        errorMessage="The level perks could not be loaded."
        emptyState={null}
      >
        {perks.data && <LevelPerksForm perks={perks.data.perks} canEdit={canEdit} />}
      </ListStates>
    </TabSection>
  );
}

function LevelPerksForm({ perks, canEdit }: { perks: LevelPerk[]; canEdit: boolean }) {
  const current = useMemo(() => fieldsOf(perks), [perks]);
  const form = useContractForm<typeof levelPerksSchema, PerkFields>(levelPerksSchema, {
    toInput,
    fieldOf,
    // Saved elsewhere (another admin, the event stream): the table follows unless it is being edited here.
    values: current,
    resetOptions: { keepDirtyValues: true },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'perks' });
  const formRef = useRef<HTMLFormElement>(null);

  const save = useSaveLevelPerks({
    onSuccess: ({ perks: saved }) => {
      form.reset(fieldsOf(saved));
      toast.success('Level perks saved', {
        description:
          saved.length === 0
            ? 'Every member pays menu prices.'
            : `${perksText(saved.length)}, from level ${saved[0]!.fromLevel}.`,
      });
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Level perks not saved');
    },
  });
  const submit = form.handleSubmit((values) => save.mutate(values));

  const removeRow = (index: number) => {
    remove(index);
    // The pressed button is gone: focus goes to the remove button now in its place (or the last row's), and to
    // Add Perk once no row is left.
    const left = fields.length - 1;
    requestAnimationFrame(() => {
      const target =
        left > 0
          ? formRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove-perk]')[
              Math.min(index, left - 1)
            ]
          : formRef.current?.querySelector<HTMLButtonElement>('[data-add-perk]');
      target?.focus();
    });
  };
  const full = fields.length >= MAX_LEVEL_PERKS;
  const rootError = form.formState.errors.root?.message;

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Level perks"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5 md:max-w-2xl"
    >
      {!canEdit && (
        <p className="flex items-center gap-2 text-sm text-text-muted">
          <Lock className="size-5 shrink-0" aria-hidden />
          You can see the perks; changing them needs the Economy Manager role.
        </p>
      )}
      <fieldset disabled={!canEdit || save.isPending} className="flex flex-col gap-3">
        <legend className="sr-only">Level perks</legend>
        {fields.length === 0 ? (
          <EmptyState icon={Crown}>No level perks: every member pays menu prices.</EmptyState>
        ) : (
          <>
            <div
              aria-hidden
              className="grid grid-cols-[minmax(0,1fr)_1.25rem_minmax(0,1fr)_2.75rem] items-end gap-x-2 text-xs font-semibold tracking-wide text-text-muted uppercase sm:max-w-md"
            >
              <span>From level</span>
              <span />
              <span>Off sticker lines</span>
            </div>
            <ol className="flex flex-col gap-3">
              {fields.map((row, index) => (
                <li
                  key={row.id}
                  className="grid grid-cols-[minmax(0,1fr)_1.25rem_minmax(0,1fr)_2.75rem] items-start gap-x-2 sm:max-w-md"
                >
                  <TextField
                    label={`Perk ${index + 1}: from level`}
                    hideLabel
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="off"
                    maxLength={3}
                    className="tabular"
                    {...form.field(`perks.${index}.fromLevel`)}
                  />
                  <ArrowRight className="mt-3 size-5 text-text-muted" aria-hidden />
                  <PercentField
                    label={`Perk ${index + 1}: percent off sticker lines`}
                    hideLabel
                    {...form.field(`perks.${index}.percentOff`)}
                  />
                  {canEdit && (
                    <IconButton
                      label={`Remove perk ${index + 1}`}
                      tone="danger"
                      data-remove-perk
                      className="rounded-xl"
                      onClick={() => removeRow(index)}
                    >
                      <Trash2 className="size-5" aria-hidden />
                    </IconButton>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </fieldset>
      {rootError && (
        <p role="alert" className="text-sm text-danger">
          {rootError}
        </p>
      )}
      {canEdit && (
        <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
          {full ? (
            <p className="text-sm text-text-muted">The table holds {MAX_LEVEL_PERKS} perks at most.</p>
          ) : (
            <Button
              type="button"
              data-add-perk
              variant="secondary"
              disabled={save.isPending}
              onClick={() => append({ fromLevel: '', percentOff: '' })}
            >
              <Plus className="size-5" aria-hidden />
              Add Perk
            </Button>
          )}
          <FormActions
            dirty={form.formState.isDirty}
            pending={save.isPending}
            saveLabel="Save Perks"
            onDiscard={() => form.reset(current)}
          />
        </div>
      )}
    </form>
  );
}

function PerksSkeleton() {
  return (
    <ListSkeleton
      label="Loading level perks"
      count={1}
      item={
        <div className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5">
          <SkeletonBlock className="h-3 w-1/2 sm:max-w-md" />
          {[0, 1].map((row) => (
            <SkeletonLines
              key={row}
              className="grid grid-cols-[1fr_1.25rem_1fr_2.75rem] gap-x-2 sm:max-w-md"
              lines={['h-11 rounded-xl', 'h-0', 'h-11 rounded-xl', 'h-11 rounded-xl']}
            />
          ))}
        </div>
      }
    />
  );
}
