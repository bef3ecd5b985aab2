import { Hono } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { validate } from '~/server/validate';
import {
  commentIdSchema,
  contentQuerySchema,
  postIdSchema,
  type ContentPage,
  type RevealResponse,
} from '../feed.schema';
import {
  deleteCommentAsStaff,
  deletePostAsStaff,
  dismissReports,
  listContent,
  revealAuthor,
  setPinned,
} from './moderation.service';

/**
 * Content moderation: the Content tab, pin and unpin, delete, dismiss reports (moderate:posts), and the audited
 * reveal of an anonymous author (reveal:anonymous-authors). Capabilities are checked before any input.
 */
export const moderationRoutes = new Hono<SignedInEnv>()
  .get('/content', access('moderate:posts'), validate('query', contentQuerySchema), async (c) => {
    const page = await listContent(
      c.get('services').database.db,
      c.get('user').id,
      c.req.valid('query').cursor,
    );
    return c.json(page satisfies ContentPage, 200);
  })
  .put('/posts/:postId/pin', access('moderate:posts'), validate('param', postIdSchema), async (c) => {
    const { database, clock } = c.get('services');
    await setPinned(database.db, c.get('user').id, c.req.valid('param').postId, true, clock.now());
    return c.json({ pinned: true }, 200);
  })
  .delete('/posts/:postId/pin', access('moderate:posts'), validate('param', postIdSchema), async (c) => {
    const { database, clock } = c.get('services');
    await setPinned(database.db, c.get('user').id, c.req.valid('param').postId, false, clock.now());
    return c.json({ pinned: false }, 200);
  })
  .delete('/posts/:postId', access('moderate:posts'), validate('param', postIdSchema), async (c) => {
    const { database, storage, clock } = c.get('services');
    await deletePostAsStaff(database.db, storage, c.get('user').id, c.req.valid('param').postId, clock.now());
    return c.json({ deleted: true }, 200);
  })
  .delete('/comments/:commentId', access('moderate:posts'), validate('param', commentIdSchema), async (c) => {
    const { database, clock } = c.get('services');
    await deleteCommentAsStaff(database.db, c.get('user').id, c.req.valid('param').commentId, clock.now());
    return c.json({ deleted: true }, 200);
  })
  .post(
    '/posts/:postId/dismiss-reports',
    access('moderate:posts'),
    validate('param', postIdSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      await dismissReports(
        database.db,
        c.get('user').id,
        { postId: c.req.valid('param').postId },
        clock.now(),
      );
      return c.json({ dismissed: true }, 200);
    },
  )
  .post(
    '/comments/:commentId/dismiss-reports',
    access('moderate:posts'),
    validate('param', commentIdSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      await dismissReports(
        database.db,
        c.get('user').id,
        { commentId: c.req.valid('param').commentId },
        clock.now(),
      );
      return c.json({ dismissed: true }, 200);
    },
  )
  .post(
    '/posts/:postId/reveal',
    access('reveal:anonymous-authors'),
    validate('param', postIdSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const revealed = await revealAuthor(
        database.db,
        c.get('user').id,
        { postId: c.req.valid('param').postId },
        clock.now(),
      );
      return c.json(revealed satisfies RevealResponse, 200);
    },
  )
  .post(
    '/comments/:commentId/reveal',
    access('reveal:anonymous-authors'),
    validate('param', commentIdSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const revealed = await revealAuthor(
        database.db,
        c.get('user').id,
        { commentId: c.req.valid('param').commentId },
        clock.now(),
      );
      return c.json(revealed satisfies RevealResponse, 200);
    },
  );
