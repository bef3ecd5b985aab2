import { Hono, type Context } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import { memberIdParamSchema, memberSearchSchema, setRolesSchema } from '../members.schema';
import { searchMembers, setBanned, setRoles, type MembersDeps } from './members.service';

const depsOf = (c: Context<SignedInEnv>): MembersDeps => ({
  db: c.get('services').database.db,
  clock: c.get('services').clock,
});

/** The dashboard's member management: every route checks its capability before it reads its input. */
export const adminMembersRoutes = new Hono<SignedInEnv>()
  .get(
    '/members',
    access('read:members'),
    memberLimit('searches', { when: isSearch }),
    validate('query', memberSearchSchema),
    async (c) => c.json(await searchMembers(depsOf(c), c.get('user'), c.req.valid('query')), 200),
  )
  .post(
    '/members/:memberId/ban',
    access('manage:members'),
    validate('param', memberIdParamSchema),
    async (c) =>
      c.json({ member: await setBanned(depsOf(c), c.get('user'), c.req.valid('param').memberId, true) }, 200),
  )
  .post(
    '/members/:memberId/unban',
    access('manage:members'),
    validate('param', memberIdParamSchema),
    async (c) =>
      c.json(
        { member: await setBanned(depsOf(c), c.get('user'), c.req.valid('param').memberId, false) },
        200,
      ),
  )
  .put(
    '/members/:memberId/roles',
    access('edit:roles'),
    validate('param', memberIdParamSchema),
    validate('json', setRolesSchema),
    async (c) =>
      c.json(
        {
          member: await setRoles(
            depsOf(c),
            c.get('user'),
            c.req.valid('param').memberId,
            c.req.valid('json').roles,
          ),
        },
        200,
      ),
  );
