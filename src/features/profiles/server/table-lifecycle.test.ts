import { randomUUID } from 'node:crypto';
import { eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '~/server/db/schema';
import { TABLE_LIFECYCLE, type TableLifecycle } from '~/server/db/table-lifecycle';
import { joinRequest } from '~/server/db/tables/join-requests.tables';
import { twoFactor, user } from '~/server/db/tables/auth.tables';
import { memberCooldown } from '~/server/db/tables/economy.tables';
import { feedMediaUpload } from '~/server/db/tables/feed.tables';
import { notification, pushMessage, pushSubscription } from '~/server/db/tables/notifications.tables';
import { dataExport } from '~/server/db/tables/privacy.tables';
import {
  databaseExportChunks,
  EXPORT_SECTIONS,
  EXPORT_SETTINGS_TABLES,
} from '~/server/export/database-export';
import { signedInMember } from '~/app/server/testing/members';
import { createTestContext, type TestContext } from '~/app/server/testing/test-context';
import { ARCHIVE_SECTIONS } from './member-archive-sections';
import { collectMemberData } from './member-archive';

/**
 * Every table declares its lifecycle (src/server/db/table-lifecycle.ts): in the owner's JSON export or never
 * exported with a reason; holding no member data, or handled by Download My Data and Delete My Account. The
 * export's and the archive's own lists are read here, so the declaration cannot drift from what the code does.
 */

// The schema module also holds relations: only tables count.
const schemaTables = Object.values(tables as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const nameOf = (table: PgTable) => getTableName(table);
const declared = TABLE_LIFECYCLE as Record<string, TableLifecycle | undefined>;

const exported = new Map<string, string[]>();
for (const section of EXPORT_SECTIONS) exported.set(nameOf(section.table), [section.name]);
for (const [key, table] of Object.entries(EXPORT_SETTINGS_TABLES))
  exported.set(nameOf(table), [`settings.${key}`]);

/** The tables Download My Data reads, with the sections that read them. */
const archived = new Map<string, string[]>();
const archivedBy = (table: PgTable, section: string) =>
  archived.set(nameOf(table), [...(archived.get(nameOf(table)) ?? []), section]);
for (const section of ARCHIVE_SECTIONS) {
  archivedBy(section.table, section.name);
  for (const nested of section.nested ?? []) archivedBy(nested.table, `${section.name} (nested)`);
}

/** Columns that point at a member: a table with one holds member data. */
const memberColumns = (table: PgTable): PgColumn[] =>
  getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .filter((reference) => reference.foreignTable === user)
    .flatMap((reference) => reference.columns);

describe('Every table declares its lifecycle', () => {
  it('names every table of the schema, and only those', () => {
    const names = schemaTables.map(nameOf);
    const missing = names.filter((name) => !declared[name]).map((name) => `${name}: no lifecycle entry`);
    const unknown = Object.keys(declared)
      .filter((name) => !names.includes(name))
      .map((name) => `${name}: declared, but no such table in the schema`);
    const strays = [...exported.keys(), ...archived.keys()]
      .filter((name) => !names.includes(name))
      .map((name) => `${name}: read by the export or the archive, but not in src/server/db/schema.ts`);
    expect([...missing, ...unknown, ...strays]).toEqual([]);
  });

  it('puts every table in the JSON export, or says why it never is', () => {
    const problems = schemaTables.flatMap((table) => {
      const name = nameOf(table);
      const reason = declared[name]?.neverExported;
      if (exported.has(name) && reason)
        return [`${name}: exported as ${exported.get(name)}, yet "never exported"`];
      if (!exported.has(name) && !reason) return [`${name}: not in the JSON export, and no reason why`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('gives every table with member data to Download My Data (or says why not) and to Delete My Account', () => {
    const problems = schemaTables.flatMap((table) => {
      const name = nameOf(table);
      const member = declared[name]?.member;
      if (!member) return [];
      if (member === 'no member data') {
        if (archived.has(name))
          return [`${name}: read by the archive (${archived.get(name)}), yet "no member data"`];
        const pointers = memberColumns(table).map((column) => column.name);
        if (pointers.length)
          return [`${name}: "no member data", yet its ${pointers} column(s) name a member`];
        return [];
      }
      if (archived.has(name) && member.notArchived) {
        return [`${name}: in the archive (${archived.get(name)}), yet "not archived"`];
      }
      if (!archived.has(name) && !member.notArchived)
        return [`${name}: not in the archive, and no reason why`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});

describe('The declarations hold', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('the JSON export and Download My Data carry every section they list', async () => {
    const member = await signedInMember(t);
    let text = '';
    for await (const chunk of databaseExportChunks(t.database.db, t.clock.now())) text += chunk;
    const body = JSON.parse(text) as Record<string, unknown> & { settings: Record<string, unknown> };
    for (const section of EXPORT_SECTIONS) expect(Array.isArray(body[section.name]), section.name).toBe(true);
    expect(Object.keys(body.settings).sort()).toEqual(Object.keys(EXPORT_SETTINGS_TABLES).sort());

    const [row] = await t.database.db.select().from(user).where(eq(user.id, member.user.id));
    const { data } = await collectMemberData(t.database.db, row!, t.clock.now());
    for (const section of ARCHIVE_SECTIONS) expect(data[section.name], section.name).toBeDefined();
  });

  it('Delete My Account leaves no row of the member in a table declared erased', async () => {
    const member = await signedInMember(t);
    const { db } = t.database;
    const at = t.clock.now();
    const userId = member.user.id;
    // A row in each erased table the sign-up did not fill.
    await db.insert(notification).values({ id: randomUUID(), userId, message: 'Hello', createdAt: at });
    await db.insert(memberCooldown).values({ userId, action: 'post', lastAt: at });
    await db.insert(pushSubscription).values({
      id: randomUUID(),
      userId,
      endpoint: `https://push.example/${randomUUID()}`,
      p256dh: 'key',
      auth: 'auth',
    });
    await db.insert(pushMessage).values({ id: randomUUID(), userId, body: 'Hello', url: '/' });
    await db
      .insert(twoFactor)
      .values({ id: randomUUID(), userId, secret: 's', backupCodes: 'c', verified: false });
    await db
      .insert(feedMediaUpload)
      .values({ id: randomUUID(), userId, storageKey: `${randomUUID()}.png`, mediaType: 'image' });
    await db.insert(dataExport).values({ id: randomUUID(), userId, createdAt: at });
    await db.insert(joinRequest).values({ userId, requestedAt: at, decidedAt: at, decidedBy: userId });

    // Tables found by the columns that point at a member (verification's rows name an e-mail: service tests).
    const erased = schemaTables.filter((table) => {
      const member = declared[nameOf(table)]?.member;
      return (
        member && member !== 'no member data' && member.deletion === 'erased' && memberColumns(table).length
      );
    });
    const rowsOf = async (table: PgTable) => {
      const counts = await Promise.all(
        memberColumns(table).map((column) => db.$count(table, eq(column, userId))),
      );
      return counts.reduce((sum, n) => sum + n, 0);
    };
    const before = await Promise.all(erased.map(rowsOf));
    const unseeded = erased
      .filter((_, i) => before[i] === 0)
      .map(
        (table) => `${nameOf(table)}: the member has no row to erase, so this proves nothing; add one above`,
      );
    expect(unseeded).toEqual([]);

    const deleted = await t.call(
      'POST',
      '/api/profile/delete-account',
      { password: 'correct horse battery' },
      { Cookie: member.cookie },
    );
    expect(deleted.status).toBe(200);
    const after = await Promise.all(erased.map(rowsOf));
    const left = erased.flatMap((table, i) =>
      after[i] ? [`${nameOf(table)}: ${after[i]} row(s) of the deleted member left`] : [],
    );
    expect(left).toEqual([]);
  });
});
