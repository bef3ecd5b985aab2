import {
  CalendarClock,
  CircleCheck,
  CirclePause,
  CalendarX,
  Ban,
  Pause,
  Pencil,
  Play,
  Plus,
  TicketPercent,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type ReactElement } from 'react';
import { Button } from '~/client/components/ui/button';
import { Dialog } from '~/client/components/ui/dialog';
import {
  EmptyState,
  ListItem,
  ListSkeleton,
  ListStates,
  SkeletonCard,
  SkeletonLines,
} from '~/client/components/ui/list-states';
import { TabSection } from '~/client/components/ui/tab-section';
import { showErrorToast } from '~/client/lib/error-toast';
import { formatDay } from '~/client/lib/format-time';
import { toast } from '~/client/lib/toast';
import { formatCents } from '~/shared/money';
import type { PromoCodeState, PromoCodeView } from '../loyalty.schema';
import { usePromoCodes, useSetPromoCodePaused } from './loyalty.queries';
import { PromoCodeFormDialog, promoOffText } from './promo-code-form-dialog';

const LIST_CLASS = 'grid gap-3 md:grid-cols-2 xl:grid-cols-3';

/** Where a code stands today, as a badge: its words, icon and colours. */
const STATES: Record<PromoCodeState, { label: string; Icon: LucideIcon; tone: string }> = {
  active: { label: 'Active', Icon: CircleCheck, tone: 'border-accent/60 text-accent' },
  paused: { label: 'Paused', Icon: CirclePause, tone: 'border-text-muted/50 bg-background text-text' },
  scheduled: { label: 'Scheduled', Icon: CalendarClock, tone: 'border-primary/50 text-primary' },
  ended: { label: 'Ended', Icon: CalendarX, tone: 'border-border text-text-muted' },
  'used-up': { label: 'Used up', Icon: Ban, tone: 'border-border text-text-muted' },
};

/** The Economy tab's promo codes, newest first: what each takes off, its limits and how it stands today. */
export function PromoCodesSection() {
  const list = usePromoCodes();
  const codes = list.data?.codes ?? [];
  const active = codes.filter((code) => code.state === 'active').length;
  return (
    <TabSection
      id="promo-codes-heading"
      title="Promo Codes"
      description="Codes members type at checkout for money off their stickers, newest first. A paused code stops working until it is resumed."
      action={
        <PromoCodeDialog
          trigger={
            <Button type="button">
              <Plus className="size-5" aria-hidden />
              New Code
            </Button>
          }
        />
      }
    >
      <ListStates
        query={list}
        empty={codes.length === 0}
        skeleton={<PromoCodesSkeleton />}
        errorMessage="The promo codes could not be loaded."
        emptyState={
          <EmptyState icon={TicketPercent}>
            <span className="block font-semibold text-text">No promo codes yet</span>
            Members type a code at checkout to take a percentage or an amount off their stickers.
          </EmptyState>
        }
      >
        <p className="text-sm text-text-muted tabular">
          {codes.length} {codes.length === 1 ? 'code' : 'codes'}, {active} active
        </p>
        <ul aria-label="Promo codes" className={LIST_CLASS}>
          {codes.map((code) => (
            <PromoCodeCard key={code.id} code={code} />
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

/** A trigger that opens the code's form; the form mounts fresh on every opening. */
function PromoCodeDialog({ trigger, code }: { trigger: ReactElement; code?: PromoCodeView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      {open && <PromoCodeFormDialog code={code} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

/** "Dec 1, 2026 – Dec 31, 2026", "From Dec 1, 2026", "Until Dec 31, 2026". */
function datesText(startsOn: string | null, endsOn: string | null): string | null {
  if (startsOn && endsOn) return `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
  if (startsOn) return `From ${formatDay(startsOn)}`;
  if (endsOn) return `Until ${formatDay(endsOn)}`;
  return null;
}

/** Its limits in plain words, in the order the form asks them; empty when it has none. */
function limitsOf(code: PromoCodeView): string[] {
  const uses = code.uses.toLocaleString('en-US');
  return [
    code.minOrderCents !== null && `Orders of ${formatCents(code.minOrderCents)} or more`,
    datesText(code.startsOn, code.endsOn),
    code.maxUses !== null
      ? `${uses} of ${code.maxUses.toLocaleString('en-US')} uses`
      : `${uses} ${code.uses === 1 ? 'use' : 'uses'}`,
    code.oncePerMember && 'Once per member',
    code.firstOrderOnly && 'First order only',
  ].filter((limit): limit is string => typeof limit === 'string');
}

function PromoCodeCard({ code }: { code: PromoCodeView }) {
  const headingId = useId();
  const state = STATES[code.state];
  return (
    <ListItem>
      <article
        aria-labelledby={headingId}
        className={`flex h-full flex-col gap-3 rounded-card border bg-surface p-4 ${code.paused ? 'border-dashed border-text-muted/50' : 'border-border'}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3
            id={headingId}
            className="rounded-lg border border-border bg-background px-2.5 py-1 font-mono text-base font-semibold tracking-wider [overflow-wrap:anywhere] text-text"
          >
            {code.code}
          </h3>
          <span
            className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${state.tone}`}
          >
            <state.Icon className="size-3.5" aria-hidden />
            {state.label}
          </span>
        </div>
        <p className="text-xl font-semibold tracking-tight tabular">{promoOffText(code)}</p>
        <ul
          aria-label={`Limits of ${code.code}`}
          className="flex flex-col gap-1 text-sm text-text-muted tabular"
        >
          {limitsOf(code).map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
        </ul>
        <p className="text-sm text-text-muted">
          {code.discountCents > 0 ? (
            <>
              Took <span className="font-semibold text-text tabular">{formatCents(code.discountCents)}</span>{' '}
              off orders
            </>
          ) : (
            'Nothing taken off yet'
          )}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:flex-1">
          <PromoCodeDialog
            code={code}
            trigger={
              <Button type="button" variant="secondary" aria-label={`Edit ${code.code}`}>
                <Pencil className="size-5" aria-hidden />
                Edit
              </Button>
            }
          />
          <PauseToggle code={code} describedBy={headingId} />
        </div>
      </article>
    </ListItem>
  );
}

/** Pause a code (members typing it are told it is not valid) or resume it; checkouts re-price at once. */
function PauseToggle({ code, describedBy }: { code: PromoCodeView; describedBy: string }) {
  const update = useSetPromoCodePaused({
    onSuccess: ({ code: saved }) =>
      toast.success(saved.paused ? 'Code paused' : 'Code resumed', { description: saved.code }),
    onError: (error) => showErrorToast(error, 'Code not changed'),
  });
  const pausing = !code.paused;
  const Icon = pausing ? Pause : Play;
  return (
    <Button
      type="button"
      variant="secondary"
      pending={update.isPending}
      disabled={update.isPending}
      onClick={() => update.mutate({ promoCodeId: code.id, paused: pausing })}
      aria-describedby={describedBy}
      className="whitespace-nowrap"
    >
      {!update.isPending && <Icon className="size-5" aria-hidden />}
      {pausing ? 'Pause' : 'Resume'}
    </Button>
  );
}

function PromoCodesSkeleton() {
  return (
    <ListSkeleton
      label="Loading promo codes"
      className={LIST_CLASS}
      item={
        <SkeletonCard
          head={
            <SkeletonLines
              className="flex justify-between"
              lines={['h-8 w-28 rounded-lg', 'h-5 w-16 rounded-full']}
            />
          }
          lines={['h-6 w-24', 'h-3.5 w-3/4', 'h-3.5 w-1/2', 'h-11 rounded-xl']}
        />
      }
    />
  );
}
