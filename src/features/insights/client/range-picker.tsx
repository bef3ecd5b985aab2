import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { SelectField } from '~/client/components/ui/select-field';
import { TextField } from '~/client/components/ui/text-field';
import { useContractForm } from '~/client/lib/form';
import { INSIGHTS_RANGES } from '../insights.constants';
import { insightsQuerySchema, type InsightsQuery } from '../insights.schema';
import { choiceOf, presetRange, type RangeChoice } from './insights-range';

/**
 * The days the tab counts: a preset ending today (the shop's today), or Custom, two days of one's own checked by
 * the same contract the server checks them with.
 */
export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: InsightsQuery;
  today: string;
  onChange: (range: InsightsQuery) => void;
}) {
  const matched = choiceOf(range, today);
  // Custom stays chosen while its days are being picked, even when the range shown is still a preset's.
  const [picking, setPicking] = useState(false);
  const choice: RangeChoice = picking ? 'custom' : matched;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <SelectField
        label="Range"
        value={choice}
        className="sm:w-48"
        onChange={(event) => {
          const next = event.target.value as RangeChoice;
          setPicking(next === 'custom');
          if (next !== 'custom') onChange(presetRange(next, today));
        }}
      >
        {INSIGHTS_RANGES.map(({ id, label }) => (
          <option key={id} value={id}>
            {label}
          </option>
        ))}
        <option value="custom">Custom</option>
      </SelectField>
      {choice === 'custom' && (
        <CustomRangeForm
          range={range}
          today={today}
          onApply={(next) => {
            setPicking(false);
            onChange(next);
          }}
        />
      )}
    </div>
  );
}

function CustomRangeForm({
  range,
  today,
  onApply,
}: {
  range: InsightsQuery;
  today: string;
  onApply: (range: InsightsQuery) => void;
}) {
  const form = useContractForm(insightsQuerySchema, { defaultValues: range });
  // A range set elsewhere (a preset, the back button) shows in the fields.
  const { reset } = form;
  const { from, to } = range;
  useEffect(() => reset({ from, to }), [from, to, reset]);
  return (
    <form
      noValidate
      aria-label="Custom range"
      onSubmit={form.handleSubmit(onApply)}
      className="grid grid-cols-2 gap-3 sm:flex sm:items-start"
    >
      <TextField label="From" type="date" max={today} className="sm:w-44" {...form.field('from')} />
      <TextField label="To" type="date" max={today} className="sm:w-44" {...form.field('to')} />
      <Button type="submit" variant="secondary" className="col-span-2 sm:mt-[1.625rem]">
        <Check className="size-5" aria-hidden />
        Apply
      </Button>
    </form>
  );
}
