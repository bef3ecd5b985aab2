import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { access, type SignedInEnv } from '~/server/middleware/access';
import { isSearch, memberLimit } from '~/server/middleware/abuse-limits';
import { upload } from '~/server/uploads/upload';
import { validate } from '~/server/validate';
import {
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
import { COMMENT_LOGIN_REQUIRED, LIKE_LOGIN_REQUIRED, LOGIN_REQUIRED_TITLE } from '../feed.constants';
import { createComment, deleteComment, listComments } from './comments.service';
import { POST_MEDIA, uploadPostMedia } from './feed-media.service';
import { report, type ContentTarget } from './moderation.service';
import { createPost, deletePost, getPost, listFeed, setLike } from './posts.service';

/** The spec's 'Login Required' texts, for a visitor who tries to like or comment. */
const loginToLike = { message: LIKE_LOGIN_REQUIRED, title: LOGIN_REQUIRED_TITLE };
const loginToComment = { message: COMMENT_LOGIN_REQUIRED, title: LOGIN_REQUIRED_TITLE };

/** Like (PUT) and unlike (DELETE): one body, the answer is the post's like count and whether the member likes it. */
const likeRoute = (liked: boolean) =>
  createFactory<SignedInEnv>().createHandlers(
    access('signed-in', { visitor: loginToLike }),
    validate('param', postIdSchema),
    async (c) => {
      const result = await setLike(c.var.ctx, c.var.user, { ...c.req.valid('param'), liked });
      return c.json(result satisfies LikeResponse, 200);
    },
  );

/** Reporting a post or one of its comments: one body, the target is the route's id. */
const reportRoute = <Target extends typeof postIdSchema | typeof commentIdSchema>(target: Target) =>
  createFactory<SignedInEnv>().createHandlers(
    access('signed-in'),
    memberLimit('reports'),
    validate('param', target),
    validate('json', reportSchema),
    async (c) => {
      const input = { ...(c.req.valid('param') as ContentTarget), ...c.req.valid('json') };
      await report(c.var.ctx, c.var.user, input);
      return c.json({ reported: true } satisfies ReportResponse, 201);
    },
  );

/** The community feed: posts, media, likes and comments, for signed-in members. */
export const feedRoutes = new Hono<SignedInEnv>()
  .get(
    '/',
    access('signed-in'),
    memberLimit('searches', { when: isSearch }),
    validate('query', feedQuerySchema),
    async (c) =>
      c.json((await listFeed(c.var.ctx, c.var.user, c.req.valid('query'))) satisfies FeedPage, 200),
  )
  .post(
    '/media',
    access('signed-in'),
    upload({ accept: POST_MEDIA, missing: 'Choose a photo or video to upload.' }),
    async (c) => {
      const media = await uploadPostMedia(c.var.ctx, c.var.user, c.var.upload);
      return c.json({ media } satisfies MediaUploadResponse, 201);
    },
  )
  .post('/posts', access('signed-in'), memberLimit('posts'), validate('json', createPostSchema), async (c) =>
    c.json(await createPost(c.var.ctx, c.var.user, c.req.valid('json')), 201),
  )
  .get('/posts/:postId', access('signed-in'), validate('param', postIdSchema), async (c) =>
    c.json({ post: await getPost(c.var.ctx, c.var.user, c.req.valid('param')) }, 200),
  )
  .delete('/posts/:postId', access('signed-in'), validate('param', postIdSchema), async (c) => {
    await deletePost(c.var.ctx, c.var.user, { ...c.req.valid('param'), asStaff: false });
    return c.json({ deleted: true }, 200);
  })
  .put('/posts/:postId/like', ...likeRoute(true))
  .delete('/posts/:postId/like', ...likeRoute(false))
  .get(
    '/posts/:postId/comments',
    access('signed-in', { visitor: loginToComment }),
    validate('param', postIdSchema),
    validate('query', commentsQuerySchema),
    async (c) =>
      c.json(
        await listComments(c.var.ctx, c.var.user, { ...c.req.valid('param'), ...c.req.valid('query') }),
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
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await createComment(c.var.ctx, c.var.user, input), 201);
    },
  )
  .post('/posts/:postId/reports', ...reportRoute(postIdSchema))
  .post('/comments/:commentId/reports', ...reportRoute(commentIdSchema))
  .delete('/comments/:commentId', access('signed-in'), validate('param', commentIdSchema), async (c) => {
    await deleteComment(c.var.ctx, c.var.user, { ...c.req.valid('param'), asStaff: false });
    return c.json({ deleted: true }, 200);
  });
