import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import { privateImageResponse } from '~/server/uploads/private-files';
import {
  declineSchema,
  joinRequestPageSchema,
  memberIdParamSchema,
  memberSearchSchema,
  setRolesSchema,
} from '../members.schema';
import {
  approveJoinRequest,
  declineJoinRequest,
  listJoinRequests,
  viewIdPhoto,
} from './join-requests.service';
import { searchMembers, setBanned, setRoles } from './members.service';
import { sendMessageSchema, type SendMessageResponse } from '~/features/inbox/inbox.schema';
import { messageMember } from '~/features/inbox/server/messages.service';

/** Ban and unban: one route body, the flag from the path. */
const banRoute = (banned: boolean) =>
  createFactory<SignedInEnv>().createHandlers(
    access('manage:members'),
    validate('param', memberIdParamSchema),
    async (c) =>
      c.json({ member: await setBanned(c.var.ctx, c.var.user, { ...c.req.valid('param'), banned }) }, 200),
  );

/** The dashboard's member management: every route checks its capability before it reads its input. */
export const adminMembersRoutes = new Hono<SignedInEnv>()
  .get(
    '/members',
    access('read:members'),
    memberLimit('searches', { when: isSearch }),
    validate('query', memberSearchSchema),
    async (c) => c.json(await searchMembers(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .post(
    '/members/:memberId/message',
    access('message:members'),
    memberLimit('messages'),
    validate('param', memberIdParamSchema),
    validate('json', sendMessageSchema),
    async (c) => {
      const { memberId } = c.req.valid('param');
      const { conversationId, message } = await messageMember(c.var.ctx, c.var.user, {
        recipientId: memberId,
        ...c.req.valid('json'),
      });
      return c.json(
        { conversationId, message } satisfies SendMessageResponse & { conversationId: string },
        201,
      );
    },
  )
  // Under staff approval: the Pending view and its decisions.
  .get('/members/pending', access('approve:members'), validate('query', joinRequestPageSchema), async (c) =>
    c.json(await listJoinRequests(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .post(
    '/members/:memberId/approve',
    access('approve:members'),
    validate('param', memberIdParamSchema),
    async (c) => c.json(await approveJoinRequest(c.var.ctx, c.var.user, c.req.valid('param')), 200),
  )
  .get(
    '/members/:memberId/id-photo',
    access('approve:members'),
    validate('param', memberIdParamSchema),
    async (c) => privateImageResponse(await viewIdPhoto(c.var.ctx, c.var.user, c.req.valid('param'))),
  )
  .post(
    '/members/:memberId/decline',
    access('approve:members'),
    validate('param', memberIdParamSchema),
    validate('json', declineSchema),
    async (c) =>
      c.json(
        await declineJoinRequest(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') }),
        200,
      ),
  )
  .post('/members/:memberId/ban', ...banRoute(true))
  .post('/members/:memberId/unban', ...banRoute(false))
  .put(
    '/members/:memberId/roles',
    access('edit:roles'),
    validate('param', memberIdParamSchema),
    validate('json', setRolesSchema),
    async (c) =>
      c.json(
        {
          member: await setRoles(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('json') }),
        },
        200,
      ),
  );
