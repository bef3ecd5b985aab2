import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isStaff, type Role, type RoleHolder } from '~/shared/permissions';
import { avatarUrlOf, type UserRow } from '~/server/session';
import type { Counterpart } from '../inbox.schema';
import { ADMIN_TEAM_NAME, UNKNOWN_NAME, UNNAMED } from '../inbox.constants';

export type CounterpartRow = Pick<UserRow, 'id' | 'name' | 'image' | 'roles' | 'role'>;

/**
 * The other party as `viewer` may see them. Masked staff leave no trace: no id (it would open their public
 * profile), no avatar, no name. Decided here, on the server, for the inbox, notifications and every answer.
 */
export function counterpartFor(viewer: RoleHolder, other: CounterpartRow | null | undefined): Counterpart {
  if (!other) return { id: null, name: UNKNOWN_NAME, avatarUrl: null, kind: 'unknown' };
  if (!isStaff(viewer) && isStaff(other))
    return { id: null, name: ADMIN_TEAM_NAME, avatarUrl: null, kind: 'team' };
  return { id: other.id, name: other.name.trim() || UNNAMED, avatarUrl: avatarUrlOf(other), kind: 'member' };
}

/**
 * The same name as SQL, for searching by the name the viewer sees (searching a masked member's real name
 * must find nothing). Mirrors `rolesOf`: the roles list, falling back to the single role.
 */
export function counterpartNameSql(
  viewer: RoleHolder,
  other: { id: PgColumn; name: PgColumn; roles: PgColumn; role: PgColumn },
): SQL<string> {
  const shown = sql`coalesce(nullif(btrim(${other.name}), ''), ${UNNAMED})`;
  if (isStaff(viewer))
    return sql<string>`case when ${other.id} is null then ${UNKNOWN_NAME} else ${shown} end`;
  const otherIsStaff = holdsAnyRoleSql(other, ['Owner', 'Admin']);
  return sql<string>`case when ${other.id} is null then ${UNKNOWN_NAME}
    when ${otherIsStaff} then ${ADMIN_TEAM_NAME} else ${shown} end`;
}

/** `rolesOf(other)` holds one of `roles`, as SQL: the roles list, falling back to the single role. */
export function holdsAnyRoleSql(other: { roles: PgColumn; role: PgColumn }, roles: readonly Role[]): SQL {
  const list = sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`(${other.roles} && array[${list}]::text[]
    or (cardinality(${other.roles}) = 0 and ${other.role} in (${list})))`;
}
