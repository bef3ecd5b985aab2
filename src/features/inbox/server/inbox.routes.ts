import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import {
  conversationIdSchema,
  conversationListQuerySchema,
  markReadSchema,
  messagesQuerySchema,
  recipientSearchSchema,
  sendMessageSchema,
  startConversationSchema,
  type ConversationResponse,
  type SendMessageResponse,
  type UnreadCountResponse,
} from '../inbox.schema';
import {
  deleteConversation,
  getConversation,
  listConversations,
  markConversationRead,
  searchRecipients,
  startConversation,
  unreadMessageCount,
} from './conversations.service';
import { listMessages, sendMessage } from './messages.service';

/**
 * The inbox: each member's own conversations, and nobody else's (any other id is "not found"). Every signed-in
 * member may message; who may start a conversation with whom is the service's rule.
 */
export const inboxRoutes = new Hono<SignedInEnv>()
  .get('/unread', access('signed-in'), async (c) =>
    c.json(
      { unreadCount: await unreadMessageCount(c.var.ctx, c.var.user) } satisfies UnreadCountResponse,
      200,
    ),
  )
  .get(
    '/conversations',
    access('signed-in'),
    memberLimit('searches', { when: isSearch }),
    validate('query', conversationListQuerySchema),
    async (c) => c.json(await listConversations(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .get(
    '/recipients',
    access('signed-in'),
    memberLimit('searches', { when: isSearch }),
    validate('query', recipientSearchSchema),
    async (c) => c.json(await searchRecipients(c.var.ctx, c.var.user, c.req.valid('query')), 200),
  )
  .post('/conversations', access('signed-in'), validate('json', startConversationSchema), async (c) => {
    const { conversation, created } = await startConversation(c.var.ctx, c.var.user, c.req.valid('json'));
    return c.json({ conversation } satisfies ConversationResponse, created ? 201 : 200);
  })
  .get(
    '/conversations/:conversationId',
    access('signed-in'),
    validate('param', conversationIdSchema),
    async (c) => {
      const conversation = await getConversation(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json({ conversation } satisfies ConversationResponse, 200);
    },
  )
  .delete(
    '/conversations/:conversationId',
    access('signed-in'),
    validate('param', conversationIdSchema),
    async (c) => {
      await deleteConversation(c.var.ctx, c.var.user, c.req.valid('param'));
      return c.json({ deleted: true }, 200);
    },
  )
  .get(
    '/conversations/:conversationId/messages',
    access('signed-in'),
    validate('param', conversationIdSchema),
    validate('query', messagesQuerySchema),
    async (c) =>
      c.json(
        await listMessages(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query') }),
        200,
      ),
  )
  .post(
    '/conversations/:conversationId/messages',
    access('signed-in'),
    memberLimit('messages'),
    validate('param', conversationIdSchema),
    validate('json', sendMessageSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const message = await sendMessage(c.var.ctx, c.var.user, input);
      return c.json({ message } satisfies SendMessageResponse, 201);
    },
  )
  .post(
    '/conversations/:conversationId/read',
    access('signed-in'),
    validate('param', conversationIdSchema),
    validate('json', markReadSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await markConversationRead(c.var.ctx, c.var.user, input), 200);
    },
  );
