import { Coins, UserRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from '~/client/lib/toast';
import { Avatar } from '~/client/components/ui/avatar';
import { Button } from '~/client/components/ui/button';
import { SearchField } from '~/client/components/ui/search-field';
import { TextField } from '~/client/components/ui/text-field';
import { showErrorToast } from '~/client/lib/error-toast';
import { useContractForm } from '~/client/lib/form';
import { useDebouncedValue } from '~/client/lib/use-debounced-value';
import { adjustBalanceSchema, type BalanceHolder } from '../economy.schema';
import { useAdjustBalance, useBalanceHolders } from './economy.queries';

/**
 * Adjust a member's balance by hand: find them by name, then add or remove coins or XP with a reason they will
 * read. The server refuses your own balance, large changes without the Owner, and anything below zero.
 */
export function AdjustmentForm() {
  const [search, setSearch] = useState('');
  const [member, setMember] = useState<BalanceHolder | null>(null);
  return (
    <section
      aria-labelledby="adjust-heading"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id="adjust-heading" className="text-lg font-semibold">
          Adjust a member’s balance
        </h3>
        <p className="text-sm text-text-muted">
          Add or remove coins or XP. The member is notified with your reason and sees it in their history.
        </p>
      </div>
      {member ? (
        <AdjustMember member={member} onDone={() => setMember(null)} />
      ) : (
        <FindMember search={search} onSearch={setSearch} onPick={setMember} />
      )}
    </section>
  );
}

function FindMember({
  search,
  onSearch,
  onPick,
}: {
  search: string;
  onSearch: (value: string) => void;
  onPick: (member: BalanceHolder) => void;
}) {
  const q = useDebouncedValue(search.trim());
  const found = useBalanceHolders(q);
  const members = q ? (found.data?.members ?? []) : [];
  return (
    <div className="flex flex-col gap-3">
      <SearchField label="Find a member" placeholder="Member’s name" value={search} onChange={onSearch} />
      {found.isError && (
        <p role="alert" className="text-sm text-danger">
          Members could not be searched. Try again.
        </p>
      )}
      {q && found.isSuccess && members.length === 0 && (
        <p className="text-sm text-text-muted">No member by that name.</p>
      )}
      {members.length > 0 && (
        <ul aria-label="Members found" className="flex flex-col gap-1">
          {members.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => onPick(m)}
                className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 py-2 text-left hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Avatar src={m.avatarUrl} size="xs" />
                <span className="min-w-0 flex-1 truncate text-base font-medium">{m.fullName}</span>
                <span className="shrink-0 text-sm text-text-muted tabular">
                  {m.coins.toLocaleString('en-US')} coins · {m.xp.toLocaleString('en-US')} XP
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AdjustMember({ member, onDone }: { member: BalanceHolder; onDone: () => void }) {
  const form = useContractForm(adjustBalanceSchema, {
    defaultValues: { memberId: member.id, coins: 0, xp: 0, reason: '' },
  });
  const adjust = useAdjustBalance({
    onSuccess: ({ member: updated }) => {
      toast.success('Balance adjusted', {
        description: `${updated.fullName} now has ${updated.coins.toLocaleString('en-US')} coins and ${updated.xp.toLocaleString('en-US')} XP.`,
      });
      onDone();
    },
    onError: (error) => {
      form.setServerErrors(error);
      showErrorToast(error, 'Balance not adjusted');
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => adjust.mutate(values))}
      className="flex flex-col gap-4"
    >
      <div className="flex items-center gap-3 rounded-xl border border-border bg-background px-3 py-2.5">
        <Avatar src={member.avatarUrl} icon={UserRound} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-medium">{member.fullName}</p>
          <p className="flex items-center gap-1 text-sm text-text-muted tabular">
            <Coins className="size-4 text-coin" aria-hidden />
            {member.coins.toLocaleString('en-US')} coins · {member.xp.toLocaleString('en-US')} XP
          </p>
        </div>
        <Button type="button" variant="ghost" onClick={onDone}>
          Change
        </Button>
      </div>
      <fieldset disabled={adjust.isPending} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Amounts</legend>
        <TextField
          label="Coins"
          hint="Negative to remove"
          type="number"
          inputMode="numeric"
          step={1}
          {...form.field('coins', { valueAsNumber: true })}
        />
        <TextField
          label="XP"
          hint="Negative to remove"
          type="number"
          inputMode="numeric"
          step={1}
          {...form.field('xp', { valueAsNumber: true })}
        />
        <TextField
          label="Reason"
          hint="The member reads this"
          maxLength={200}
          className="sm:col-span-2"
          {...form.field('reason')}
        />
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button type="button" variant="secondary" onClick={onDone} disabled={adjust.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={adjust.isPending} pending={adjust.isPending}>
          Apply Adjustment
        </Button>
      </div>
    </form>
  );
}
