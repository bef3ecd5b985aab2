import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { validate } from '~/server/validate';
import {
  conversationIdSchema,
  conversationListQuerySchema,
  markReadSchema,
  messagesQuerySchema,
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
      {
        unreadCount: await unreadMessageCount(c.get('services').database.db, c.get('user').id),
      } satisfies UnreadCountResponse,
      200,
    ),
  )
  .get(
    '/conversations',
    access('signed-in'),
    memberLimit('searches', { when: isSearch }),
    validate('query', conversationListQuerySchema),
    async (c) =>
      c.json(
        await listConversations(c.get('services').database.db, c.get('user'), c.req.valid('query')),
        200,
      ),
  )
  .post('/conversations', access('signed-in'), validate('json', startConversationSchema), async (c) => {
    const { database, clock } = c.get('services');
    const { conversation, created } = await startConversation(
      database.db,
      c.get('user'),
      c.req.valid('json').recipientId,
      clock.now(),
    );
    return c.json({ conversation } satisfies ConversationResponse, created ? 201 : 200);
  })
  .get(
    '/conversations/:conversationId',
    access('signed-in'),
    validate('param', conversationIdSchema),
    async (c) => {
      const conversation = await getConversation(
        c.get('services').database.db,
        c.get('user'),
        c.req.valid('param').conversationId,
      );
      return c.json({ conversation } satisfies ConversationResponse, 200);
    },
  )
  .delete(
    '/conversations/:conversationId',
    access('signed-in'),
    validate('param', conversationIdSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      await deleteConversation(database.db, c.get('user'), c.req.valid('param').conversationId, clock.now());
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
        await listMessages(
          c.get('services').database.db,
          c.get('user'),
          c.req.valid('param').conversationId,
          c.req.valid('query').cursor,
        ),
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
      const { database, clock } = c.get('services');
      const message = await sendMessage(
        database.db,
        c.get('user'),
        c.req.valid('param').conversationId,
        c.req.valid('json').content,
        clock.now(),
      );
      return c.json({ message } satisfies SendMessageResponse, 201);
    },
  )
  .post(
    '/conversations/:conversationId/read',
    access('signed-in'),
    validate('param', conversationIdSchema),
    validate('json', markReadSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      return c.json(
        await markConversationRead(
          database.db,
          c.get('user'),
          c.req.valid('param').conversationId,
          c.req.valid('json').viewing,
          clock.now(),
        ),
        200,
      );
    },
  );
