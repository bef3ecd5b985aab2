import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '~/shared/app-error';
import { requireUser, type SignedInEnv } from '~/server/middleware/require-user';
import { validate } from '~/server/validate';
import {
  COMMENT_LOGIN_REQUIRED,
  LIKE_LOGIN_REQUIRED,
  LOGIN_REQUIRED_TITLE,
  commentIdSchema,
  commentsQuerySchema,
  createCommentSchema,
  createPostSchema,
  feedQuerySchema,
  postIdSchema,
  reportSchema,
  type FeedPage,
  type LikeResponse,
  type MediaUploadResponse,
  type ReportResponse,
} from '../feed.schema';
import { createComment, deleteOwnComment, listComments } from './comments.service';
import { uploadPostMedia } from './feed-media.service';
import { report } from './moderation.service';
import { createPost, deleteOwnPost, getPost, listFeed, setLike } from './posts.service';

/** requireUser, answering a visitor with the spec's 'Login Required' text for this action. */
const loginRequiredTo = (message: string) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    try {
      await requireUser(c, async () => {});
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') {
        throw new AppError('UNAUTHORIZED', message, { title: LOGIN_REQUIRED_TITLE });
      }
      throw error;
    }
    await next();
  });

/** The community feed: posts, media, likes and comments, for signed-in members. */
export const feedRoutes = new Hono<SignedInEnv>()
  .use('/posts/:postId/like', loginRequiredTo(LIKE_LOGIN_REQUIRED))
  .use('/posts/:postId/comments', loginRequiredTo(COMMENT_LOGIN_REQUIRED))
  .use(requireUser)
  .get('/', validate('query', feedQuerySchema), async (c) =>
    c.json(
      (await listFeed(
        c.get('services').database.db,
        c.get('user').id,
        c.req.valid('query'),
      )) satisfies FeedPage,
      200,
    ),
  )
  .post('/media', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body['file'];
    if (!(file instanceof File)) {
      throw new AppError('BAD_REQUEST', 'Choose a photo or video to upload.', { title: 'Upload Failed' });
    }
    const { database, storage, config, clock } = c.get('services');
    const media = await uploadPostMedia(
      { db: database.db, storage, config, clock },
      c.get('user').id,
      Buffer.from(await file.arrayBuffer()),
    );
    return c.json({ media } satisfies MediaUploadResponse, 201);
  })
  .post('/posts', validate('json', createPostSchema), async (c) => {
    const { database, clock } = c.get('services');
    return c.json(await createPost(database.db, c.get('user').id, c.req.valid('json'), clock.now()), 201);
  })
  .get('/posts/:postId', validate('param', postIdSchema), async (c) => {
    const post = await getPost(c.get('services').database.db, c.get('user').id, c.req.valid('param').postId);
    return c.json({ post }, 200);
  })
  .delete('/posts/:postId', validate('param', postIdSchema), async (c) => {
    const { database, storage } = c.get('services');
    await deleteOwnPost(database.db, storage, c.get('user').id, c.req.valid('param').postId);
    return c.json({ deleted: true }, 200);
  })
  .put('/posts/:postId/like', validate('param', postIdSchema), async (c) => {
    const { database, clock } = c.get('services');
    const result = await setLike(
      database.db,
      c.get('user').id,
      c.req.valid('param').postId,
      true,
      clock.now(),
    );
    return c.json(result satisfies LikeResponse, 200);
  })
  .delete('/posts/:postId/like', validate('param', postIdSchema), async (c) => {
    const { database, clock } = c.get('services');
    const result = await setLike(
      database.db,
      c.get('user').id,
      c.req.valid('param').postId,
      false,
      clock.now(),
    );
    return c.json(result satisfies LikeResponse, 200);
  })
  .get(
    '/posts/:postId/comments',
    validate('param', postIdSchema),
    validate('query', commentsQuerySchema),
    async (c) =>
      c.json(
        await listComments(
          c.get('services').database.db,
          c.get('user').id,
          c.req.valid('param').postId,
          c.req.valid('query').cursor,
        ),
        200,
      ),
  )
  .post(
    '/posts/:postId/comments',
    validate('param', postIdSchema),
    validate('json', createCommentSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const me = c.get('user');
      const created = await createComment(
        database.db,
        { id: me.id, name: me.name },
        c.req.valid('param').postId,
        c.req.valid('json'),
        clock.now(),
      );
      return c.json(created, 201);
    },
  )
  .post(
    '/posts/:postId/reports',
    validate('param', postIdSchema),
    validate('json', reportSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const target = { postId: c.req.valid('param').postId };
      await report(database.db, c.get('user').id, target, c.req.valid('json'), clock.now());
      return c.json({ reported: true } satisfies ReportResponse, 201);
    },
  )
  .post(
    '/comments/:commentId/reports',
    validate('param', commentIdSchema),
    validate('json', reportSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const target = { commentId: c.req.valid('param').commentId };
      await report(database.db, c.get('user').id, target, c.req.valid('json'), clock.now());
      return c.json({ reported: true } satisfies ReportResponse, 201);
    },
  )
  .delete('/comments/:commentId', validate('param', commentIdSchema), async (c) => {
    await deleteOwnComment(c.get('services').database.db, c.get('user').id, c.req.valid('param').commentId);
    return c.json({ deleted: true }, 200);
  });
