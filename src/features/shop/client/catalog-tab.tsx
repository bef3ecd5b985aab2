import { Boxes, Eye, EyeOff, Pencil, Plus } from 'lucide-react';
import { useId, useState, type ReactElement } from 'react';
import { toast } from '~/client/lib/toast';
import { Button } from '~/client/components/ui/button';
import { Dialog } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { showErrorToast } from '~/client/lib/error-toast';
import { StickerImage } from '~/features/shop/client/sticker-image';
import type { CatalogSticker } from '~/features/shop/shop.schema';
import { SIZE_LABELS, STICKER_SIZES, type StickerSize } from '~/features/shop/shop.constants';
import { formatCents } from '~/shared/money';
import { EmptyState, ListItem, ListSkeleton, ListStates } from '~/client/components/ui/list-states';
import { useCatalog, useSetStickerHidden } from './shop-admin.queries';
import { StickerCardSkeleton, StickerTitle } from './sticker-card';
import { StickerFormDialog } from './sticker-form-dialog';
import { StockDialog, StockLevel } from './stock-dialog';
import { TabSection } from '~/client/components/ui/tab-section';

/** The sticker catalogue: every sticker, hidden ones marked; add, edit, count stock, hide and show again. */
export function CatalogTab() {
  const catalog = useCatalog();
  const stickers = catalog.data?.stickers ?? [];
  const hiddenCount = stickers.filter((sticker) => sticker.hidden).length;
  return (
    <TabSection
      id="catalog-heading"
      title="Sticker Catalog"
      description="Everything on the menu, and the hidden stickers members do not see."
      action={
        <StickerDialog
          trigger={
            <Button type="button">
              <Plus className="size-5" aria-hidden />
              Add Sticker
            </Button>
          }
        />
      }
    >
      <ListStates
        query={catalog}
        empty={stickers.length === 0}
        skeleton={<StickersSkeleton />}
        errorMessage="The catalogue could not be loaded."
        emptyState={<EmptyState>No stickers yet. Add the first one.</EmptyState>}
      >
        <p className="text-sm text-text-muted tabular">
          {stickers.length} {stickers.length === 1 ? 'sticker' : 'stickers'}
          {hiddenCount > 0 && `, ${hiddenCount} hidden`}
        </p>
        <ul aria-label="Stickers" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {stickers.map((sticker) => (
            <CatalogCard key={sticker.id} sticker={sticker} />
          ))}
        </ul>
      </ListStates>
    </TabSection>
  );
}

/** A trigger that opens the sticker form; the form mounts fresh on every opening. */
function StickerDialog({ trigger, sticker }: { trigger: ReactElement; sticker?: CatalogSticker }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      {open && <StickerFormDialog sticker={sticker} onDone={() => setOpen(false)} />}
    </Dialog.Root>
  );
}

function CatalogCard({ sticker }: { sticker: CatalogSticker }) {
  const headingId = useId();
  return (
    <ListItem>
      <article
        aria-labelledby={headingId}
        className={`flex h-full flex-col overflow-hidden rounded-card border bg-surface ${sticker.hidden ? 'border-dashed border-text-muted/50' : 'border-border'}`}
      >
        <div className="relative">
          <div className={sticker.hidden ? 'opacity-40 grayscale' : undefined}>
            <StickerImage id={sticker.id} name={sticker.name} imageUrl={sticker.imageUrl} />
          </div>
          {sticker.hidden && (
            <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full border border-border bg-background px-2.5 py-1 text-xs font-semibold text-text">
              <EyeOff className="size-4" aria-hidden />
              Hidden from menu
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-3 p-4">
          <StickerTitle sticker={sticker} id={headingId} level="h3" />
          <p className="line-clamp-2 text-sm leading-relaxed text-text-muted">{sticker.description}</p>
          <dl aria-label="Prices and stock" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {STICKER_SIZES.map((size) => {
              const price = sticker.prices[size];
              return (
                <div key={size} className="contents">
                  <dt className="text-text-muted">{SIZE_LABELS[size]}</dt>
                  <dd className={`text-right tabular ${price === null ? 'text-text-muted' : 'font-medium'}`}>
                    {price === null ? 'Not offered' : formatCents(price)}
                  </dd>
                  {price !== null && (
                    <dd className="col-span-2 -mt-1 mb-1 text-right text-xs text-text-muted">
                      <StockLevel count={sticker.stock[size]} />
                      {limitTexts(sticker, size).map((text) => ` · ${text}`)}
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>
          <div className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:flex-1">
            <StickerDialog
              sticker={sticker}
              trigger={
                <Button type="button" variant="secondary" aria-label={`Edit ${sticker.name}`}>
                  <Pencil className="size-5" aria-hidden />
                  Edit
                </Button>
              }
            />
            <StockButton sticker={sticker} />
            <HiddenToggle sticker={sticker} describedBy={headingId} />
          </div>
        </div>
      </article>
    </ListItem>
  );
}

/** "max 2 per order", "3 a day": a size's limits, where the catalogue sets them. */
function limitTexts(sticker: CatalogSticker, size: StickerSize): string[] {
  const perOrder = sticker.orderLimits[size];
  const perDay = sticker.dailyLimits[size];
  return [
    ...(perOrder === null ? [] : [`max ${perOrder} per order`]),
    ...(perDay === null ? [] : [`${perDay.toLocaleString('en-US')} a day`]),
  ];
}

/** Opens the sticker's stock; the dialog mounts on opening and follows the catalogue while it is open. */
function StockButton({ sticker }: { sticker: CatalogSticker }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button type="button" variant="secondary" aria-label={`Stock of ${sticker.name}`}>
          <Boxes className="size-5" aria-hidden />
          Stock
        </Button>
      </Dialog.Trigger>
      {open && <StockDialog sticker={sticker} />}
    </Dialog.Root>
  );
}

/** Hide from the menu, or show on it again; members' menus follow at once. */
function HiddenToggle({ sticker, describedBy }: { sticker: CatalogSticker; describedBy: string }) {
  const setHidden = useSetStickerHidden({
    onSuccess: ({ sticker: saved }) =>
      toast.success(saved.hidden ? 'Sticker hidden' : 'Sticker shown', {
        description: saved.hidden
          ? `Members no longer see ${saved.name} on the menu.`
          : `${saved.name} is back on the menu.`,
      }),
    onError: (error) => showErrorToast(error, 'Sticker not changed'),
  });
  const hiding = !sticker.hidden;
  const Icon = hiding ? EyeOff : Eye;
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={setHidden.isPending}
      onClick={() => setHidden.mutate({ stickerId: sticker.id, hidden: hiding })}
      aria-describedby={describedBy}
      className="whitespace-nowrap"
    >
      {setHidden.isPending ? <Spinner /> : <Icon className="size-5" aria-hidden />}
      {hiding ? 'Hide from menu' : 'Show on menu'}
    </Button>
  );
}

function StickersSkeleton() {
  return (
    <ListSkeleton
      label="Loading stickers"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      item={<StickerCardSkeleton lines={['h-5 w-1/2', 'h-3.5 w-full', 'h-3.5 w-3/4', 'h-11 rounded-xl']} />}
    />
  );
}
