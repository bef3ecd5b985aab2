import { asc, count, eq, getTableColumns, inArray, type GetColumnData, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isStaff } from '~/shared/permissions';
import { ADMIN_TEAM_NAME, UNKNOWN_NAME, UNNAMED } from '~/features/inbox/inbox.constants';
import type { Executor } from '~/server/db/client';
import { user } from '~/server/db/tables/auth.tables';
import type { UserRow } from '~/server/session';
import { keyFromUploadUrl } from '~/server/uploads/upload-urls';

/**
 * How Download My Data reads one section of its `data.json` (the sections are member-archive-sections.ts): which
 * table, which of its rows are the member's, which columns, and how a row reads in the archive. Keeping the reading
 * here means a section is one declaration, and the table lifecycle test can see which tables the archive covers.
 */

type Columns = Record<string, PgColumn>;
/** A row of the selected columns, as Drizzle returns it. */
export type RowOf<C extends Columns> = { [K in keyof C]: GetColumnData<C[K]> };
/** What a section's `columns` default to: every column of its table. */
type AllColumns<T extends PgTable> = T['_']['columns'];
type Holder = Pick<UserRow, 'id' | 'name' | 'roles' | 'role'>;

export interface ArchiveContext {
  memberId: string;
  /** Another person as the member sees them in the inbox: staff masked, never an id. By id, among `people`. */
  nameOf(other: Holder | string | null | undefined): string;
  /** Adds an uploaded file to the archive as `files/<name>.<ext>`; null when the URL is not one of our uploads. */
  file(url: string | null, name: string): string | null;
  /** The rows of a nested section that belong to one row of this section (an order's items). */
  within<C extends Columns>(nested: NestedSection<C>, parentId: string | null): RowOf<C>[];
}

/** Rows of another table read for each row of a section: an order's items, a conversation's messages. */
export interface NestedSection<C extends Columns = Columns> {
  table: PgTable;
  columns: C;
  /** The column naming the parent row, and the parent's column it holds. */
  key: PgColumn;
  parentKey: PgColumn;
  orderBy?: PgColumn[];
  /** Counted by archiveSize: rows that grow without bound. */
  sized?: boolean;
}

export interface ArchiveSection<C extends Columns = Columns> {
  /** The key in data.json; sections appear in the order they are declared. */
  name: string;
  table: PgTable;
  columns: C;
  /** Which rows are the member's. */
  rows: (memberId: string) => SQL | undefined;
  /** A table read beside it for a name (a rating's sticker); its columns are in `columns`. */
  leftJoin?: { table: PgTable; on: SQL };
  orderBy?: PgColumn[];
  /** The section is the member's one row (the profile), not a list. */
  one?: boolean;
  /** Counted by archiveSize: rows that grow without bound. */
  sized?: boolean;
  nested?: NestedSection[];
  /** Other members a row names, for `nameOf(id)`: read once for the whole archive. */
  people?(row: RowOf<C>, memberId: string): (string | null)[];
  /** The row as it reads in the archive. */
  shape(row: RowOf<C>, archive: ArchiveContext): unknown;
}

/** Declares a section; `columns` default to the whole table. */
export function archiveSection<T extends PgTable, C extends Columns = AllColumns<T>>(
  section: Omit<ArchiveSection<C>, 'table' | 'columns'> & { table: T; columns?: C },
): ArchiveSection {
  return { ...section, columns: section.columns ?? getTableColumns(section.table) } as ArchiveSection;
}

/** Declares a nested section; `columns` default to the whole table. */
export function nestedSection<T extends PgTable, C extends Columns = AllColumns<T>>(
  nested: Omit<NestedSection<C>, 'table' | 'columns'> & { table: T; columns?: C },
): NestedSection<C> {
  return { ...nested, columns: nested.columns ?? (getTableColumns(nested.table) as C) };
}

/** The property of a row that holds `column`: the parent key's value is read from the rows already there. */
function fieldOf(columns: Columns, column: PgColumn): string {
  const field = Object.keys(columns).find((name) => columns[name] === column);
  if (!field) throw new Error(`the archive section does not select ${column.name}, its nested rows' key`);
  return field;
}

const ascending = (columns: PgColumn[] = []) => columns.map((column) => asc(column));

async function readSection(db: Executor, section: ArchiveSection, memberId: string) {
  const query = db.select(section.columns).from(section.table).$dynamic();
  const joined = section.leftJoin ? query.leftJoin(section.leftJoin.table, section.leftJoin.on) : query;
  return joined.where(section.rows(memberId)).orderBy(...ascending(section.orderBy));
}

/** A nested section's rows for the parents read, grouped by parent. */
async function readNested(db: Executor, nested: NestedSection, parentIds: string[]) {
  const grouped = new Map<string, Record<string, unknown>[]>();
  if (parentIds.length === 0) return grouped;
  const rows = await db
    .select({ parentId: nested.key, row: nested.columns })
    .from(nested.table)
    .where(inArray(nested.key, parentIds))
    .orderBy(...ascending(nested.orderBy));
  for (const { parentId, row } of rows) {
    const group = grouped.get(String(parentId));
    if (group) group.push(row);
    else grouped.set(String(parentId), [row]);
  }
  return grouped;
}

/** Reads every section for one member and shapes it; files are collected as the sections name them. */
export async function readSections(
  db: Executor,
  sections: readonly ArchiveSection[],
  member: Holder,
): Promise<{ data: Record<string, unknown>; files: { key: string; name: string }[] }> {
  const read = [];
  const nestedRows = new Map<NestedSection, Map<string, Record<string, unknown>[]>>();
  for (const section of sections) {
    const rows = (await readSection(db, section, member.id)) as RowOf<Columns>[];
    for (const nested of section.nested ?? []) {
      const field = fieldOf(section.columns, nested.parentKey);
      const parentIds = rows.map((row) => row[field]).filter((id): id is string => typeof id === 'string');
      nestedRows.set(nested, await readNested(db, nested, parentIds));
    }
    read.push({ section, rows });
  }

  const peopleIds = read
    .flatMap(({ section, rows }) => rows.flatMap((row) => section.people?.(row, member.id) ?? []))
    .filter((id): id is string => Boolean(id));
  const people = peopleIds.length
    ? await db
        .select({ id: user.id, name: user.name, roles: user.roles, role: user.role })
        .from(user)
        .where(inArray(user.id, [...new Set(peopleIds)]))
    : [];

  const files: { key: string; name: string }[] = [];
  const archive: ArchiveContext = {
    memberId: member.id,
    nameOf(other) {
      const holder = typeof other === 'string' ? people.find((p) => p.id === other) : other;
      if (!holder) return UNKNOWN_NAME;
      if (!isStaff(member) && isStaff(holder)) return ADMIN_TEAM_NAME;
      return holder.name.trim() || UNNAMED;
    },
    file(url, name) {
      const key = url ? keyFromUploadUrl(url) : undefined;
      if (!key) return null;
      const file = `files/${name}.${key.split('.').pop()}`;
      files.push({ key, name: file });
      return file;
    },
    within(nested, parentId) {
      return (nestedRows.get(nested as NestedSection)?.get(String(parentId)) ?? []) as RowOf<
        typeof nested.columns
      >[];
    },
  };
  const data: Record<string, unknown> = {};
  for (const { section, rows } of read) {
    const shaped = rows.map((row) => section.shape(row, archive));
    data[section.name] = section.one ? (shaped[0] ?? null) : shaped;
  }
  return { data, files };
}

/** How many rows of the sized sections and nested sections the member has. */
export async function countSized(
  db: Executor,
  sections: readonly ArchiveSection[],
  memberId: string,
): Promise<number> {
  const counted = await Promise.all(
    sections.flatMap((section) => [
      ...(section.sized ? [db.select({ n: count() }).from(section.table).where(section.rows(memberId))] : []),
      ...(section.nested ?? [])
        .filter((nested) => nested.sized)
        .map((nested) =>
          db
            .select({ n: count() })
            .from(nested.table)
            .innerJoin(section.table, eq(nested.parentKey, nested.key))
            .where(section.rows(memberId)),
        ),
    ]),
  );
  return counted.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}
