import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { can } from '~/shared/permissions';
import { writeAudit } from '~/server/audit';
import type { Actor, ServiceContext } from '~/server/service-context';
import type { Db } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import { shopOrder } from '~/server/db/tables/orders.tables';
import { formatCents } from '~/shared/money';
import type { OrderLineSize, AdminOrderView, AdminOrdersResponse } from '../orders.schema';
import { ARCHIVED_STATUSES, lineSizeLabel, type OrderListView } from '../orders.constants';
import { pageOf } from '~/server/pagination';
import { HANDOVER_TRIES } from './handover-code.service';
import { itemsOf, newestFirst, toOrderView } from './orders.service';
import { readShopSettings } from './shop.service';

export const DESK_PAGE_SIZE = 50;
/** An export holds the whole view, up to this many orders. */
export const EXPORT_LIMIT = 10_000;

const driver = alias(user, 'driver');

const inView = (view: OrderListView) =>
  view === 'archived'
    ? inArray(shopOrder.status, [...ARCHIVED_STATUSES])
    : notInArray(shopOrder.status, [...ARCHIVED_STATUSES]);

function deskRows(db: Db, view: OrderListView, limit: number, cursor?: string) {
  return db
    .select({ order: shopOrder, driverName: driver.name, cursorAt: newestFirst.cursorAt })
    .from(shopOrder)
    .leftJoin(driver, eq(driver.id, shopOrder.assignedDriverId))
    .where(and(inView(view), newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(limit);
}

/**
 * The desk's list, newest first, a page at a time. Without contact details, phone, address, notes and email are
 * null (notes follow the address: they hold gate codes and the like).
 */
export async function listDeskOrders(
  { db }: ServiceContext,
  actor: Actor,
  { view, cursor }: { view: OrderListView; cursor?: string | undefined },
): Promise<AdminOrdersResponse> {
  const withContactDetails = can(actor, 'read:contact-details');
  const [rows, { pickupCode }] = await Promise.all([
    deskRows(db, view, DESK_PAGE_SIZE + 1, cursor),
    readShopSettings(db),
  ]);
  const page = pageOf(rows, DESK_PAGE_SIZE, (last) => [last.cursorAt, last.order.id]);
  const items = await itemsOf(
    db,
    page.items.map((row) => row.order.id),
  );
  return {
    ...page,
    items: page.items.map(({ order, driverName }) => {
      const view = toOrderView(order, items.get(order.id)!);
      return {
        ...view,
        phone: withContactDetails ? view.phone : null,
        address: withContactDetails ? view.address : null,
        notes: withContactDetails ? view.notes : null,
        customer: {
          id: order.userId,
          name: order.userName,
          email: withContactDetails ? order.userEmail : null,
        },
        driver: order.assignedDriverId ? { id: order.assignedDriverId, name: driverName ?? 'Unknown' } : null,
        claimedAt: order.claimedAt?.toISOString() ?? null,
        // The driver's note can describe the doorstep: contact details, like the address.
        leftAtDoor: order.leftAtDoorAt
          ? {
              at: order.leftAtDoorAt.toISOString(),
              note: withContactDetails ? order.doorNote : null,
              hasPhoto: withContactDetails && order.doorPhotoKey !== null,
            }
          : null,
        asksCounterCode:
          pickupCode &&
          order.deliveryMethod === 'Pickup' &&
          view.status !== 'completed' &&
          order.handoverTries < HANDOVER_TRIES,
      } satisfies AdminOrderView;
    }),
  };
}

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab or carriage return before them) as a
 * formula: such cells get a leading apostrophe so they stay text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_COLUMNS = [
  'Order ID',
  'Created',
  'Status',
  'Method',
  'Customer',
  'Email',
  'Phone',
  'Address',
  'Pickup Location',
  'Items',
  'Subtotal',
  'Level Perk',
  'Promo Code',
  'Promo Discount',
  'Delivery Fee',
  'Store Credit',
  'Total',
  'Payment',
  'Notes',
  'Driver',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The columns only staff who see contact details get. */
const CONTACT_COLUMNS: readonly CsvColumn[] = ['Email', 'Phone', 'Address', 'Notes'];

/**
 * The whole view as CSV, through csv-stringify, with every cell neutralised. Without contact details the
 * export has no email, phone, address or notes columns.
 */
export async function exportDeskOrders(
  { db, now }: ServiceContext,
  actor: Actor,
  { view }: { view: OrderListView },
): Promise<{ filename: string; csv: string }> {
  const withContactDetails = can(actor, 'read:contact-details');
  const rows = await deskRows(db, view, EXPORT_LIMIT);
  // Customers' contact details leave the app: who took them, and when, is on record.
  await writeAudit(db, {
    eventType: 'ORDERS_EXPORTED',
    actorId: actor.id,
    meta: { view, count: rows.length },
    at: now,
  });
  const items = await itemsOf(
    db,
    rows.map((row) => row.order.id),
  );
  const columns = CSV_COLUMNS.filter((column) => withContactDetails || !CONTACT_COLUMNS.includes(column));
  const records = rows.map(({ order, driverName }) => {
    const cells: Record<CsvColumn, string> = {
      'Order ID': order.id,
      Created: order.createdAt.toISOString(),
      Status: order.status,
      Method: order.deliveryMethod,
      Customer: order.userName,
      Email: order.userEmail,
      Phone: order.userPhone,
      Address: order.userAddress ?? '',
      'Pickup Location': order.pickupLocation,
      Items: items
        .get(order.id)!
        .map(
          (item) => `${item.quantity} x ${item.stickerName} (${lineSizeLabel(item.size as OrderLineSize)})`,
        )
        .join('; '),
      Subtotal: formatCents(order.subtotalCents),
      'Level Perk': formatCents(order.perkCents),
      'Promo Code': order.promoCode ?? '',
      'Promo Discount': formatCents(order.promoCents),
      'Delivery Fee': formatCents(order.deliveryFeeCents),
      'Store Credit': formatCents(order.storeCreditCents),
      Total: formatCents(order.totalCents),
      Payment: order.paymentMethod,
      Notes: order.notes,
      Driver: driverName ?? '',
    };
    return columns.map((column) => neutraliseCell(cells[column]));
  });
  const csv = stringify(records, { header: true, columns, record_delimiter: 'windows' });
  return { filename: `orders-${view}-${now.toISOString().slice(0, 10)}.csv`, csv };
}
