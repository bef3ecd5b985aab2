import { Hono, type Context } from 'hono';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { upload } from '~/server/uploads/upload';
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
import { POST_MEDIA, uploadPostMedia } from './feed-media.service';
import { report } from './moderation.service';
import { createPost, deleteOwnPost, getPost, listFeed, setLike } from './posts.service';

/** The spec's 'Login Required' texts, for a visitor who tries to like or comment. */
const loginToLike = { message: LIKE_LOGIN_REQUIRED, title: LOGIN_REQUIRED_TITLE };
const loginToComment = { message: COMMENT_LOGIN_REQUIRED, title: LOGIN_REQUIRED_TITLE };

/** The community feed: posts, media, likes and comments, for signed-in members. */
/** Like (PUT) and unlike (DELETE) answer alike: the post's like count and whether the member likes it now. */
async function answerLike(c: Context<SignedInEnv>, postId: string, liked: boolean) {
  const { database, clock } = c.get('services');
  const result = await setLike(database.db, c.get('user').id, postId, liked, clock.now());
  return c.json(result satisfies LikeResponse, 200);
}

export const feedRoutes = new Hono<SignedInEnv>()
  .get(
    '/',
    access('signed-in'),
    memberLimit('searches', { when: isSearch }),
    validate('query', feedQuerySchema),
    async (c) =>
      c.json(
        (await listFeed(
          c.get('services').database.db,
          c.get('user').id,
          c.req.valid('query'),
        )) satisfies FeedPage,
        200,
      ),
  )
  .post(
    '/media',
    access('signed-in'),
    upload({ accept: POST_MEDIA, missing: 'Choose a photo or video to upload.' }),
    async (c) => {
      const { database, storage, config, clock } = c.get('services');
      const media = await uploadPostMedia(
        { db: database.db, storage, config, clock },
        c.get('user').id,
        c.get('upload').bytes,
      );
      return c.json({ media } satisfies MediaUploadResponse, 201);
    },
  )
  .post(
    '/posts',
    access('signed-in'),
    memberLimit('posts'),
    validate('json', createPostSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      return c.json(await createPost(database.db, c.get('user').id, c.req.valid('json'), clock.now()), 201);
    },
  )
  .get('/posts/:postId', access('signed-in'), validate('param', postIdSchema), async (c) => {
    const post = await getPost(c.get('services').database.db, c.get('user').id, c.req.valid('param').postId);
    return c.json({ post }, 200);
  })
  .delete('/posts/:postId', access('signed-in'), validate('param', postIdSchema), async (c) => {
    const { database, storage } = c.get('services');
    await deleteOwnPost(database.db, storage, c.get('user').id, c.req.valid('param').postId);
    return c.json({ deleted: true }, 200);
  })
  .put(
    '/posts/:postId/like',
    access('signed-in', { visitor: loginToLike }),
    validate('param', postIdSchema),
    async (c) => answerLike(c, c.req.valid('param').postId, true),
  )
  .delete(
    '/posts/:postId/like',
    access('signed-in', { visitor: loginToLike }),
    validate('param', postIdSchema),
    async (c) => answerLike(c, c.req.valid('param').postId, false),
  )
  .get(
    '/posts/:postId/comments',
    access('signed-in', { visitor: loginToComment }),
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
    access('signed-in', { visitor: loginToComment }),
    memberLimit('comments'),
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
    access('signed-in'),
    memberLimit('reports'),
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
    access('signed-in'),
    memberLimit('reports'),
    validate('param', commentIdSchema),
    validate('json', reportSchema),
    async (c) => {
      const { database, clock } = c.get('services');
      const target = { commentId: c.req.valid('param').commentId };
      await report(database.db, c.get('user').id, target, c.req.valid('json'), clock.now());
      return c.json({ reported: true } satisfies ReportResponse, 201);
    },
  )
  .delete('/comments/:commentId', access('signed-in'), validate('param', commentIdSchema), async (c) => {
    await deleteOwnComment(c.get('services').database.db, c.get('user').id, c.req.valid('param').commentId);
    return c.json({ deleted: true }, 200);
  });
