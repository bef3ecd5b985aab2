import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
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
  dismissReports,
  listContent,
  revealAuthor,
  setPinned,
  type ContentTarget,
} from './moderation.service';
import { deleteComment } from './comments.service';
import { deletePost } from './posts.service';

const routes = createFactory<SignedInEnv>();
/** A route about a post or about one of its comments (its validated param is a ContentTarget). */
type TargetSchema = typeof postIdSchema | typeof commentIdSchema;

/** Pin (PUT) and unpin (DELETE): one body. */
const pinRoute = (pinned: boolean) =>
  routes.createHandlers(access('moderate:posts'), validate('param', postIdSchema), async (c) => {
    await setPinned(c.var.ctx, c.var.user, { ...c.req.valid('param'), pinned });
    return c.json({ pinned }, 200);
  });

/** Dismissing the reports of a post or of one comment: one body, the target is the route's id. */
const dismissRoute = <Target extends TargetSchema>(target: Target) =>
  routes.createHandlers(access('moderate:posts'), validate('param', target), async (c) => {
    await dismissReports(c.var.ctx, c.var.user, c.req.valid('param') as ContentTarget);
    return c.json({ dismissed: true }, 200);
  });

/** Revealing the author of an anonymous post or comment: one body, the target is the route's id. */
const revealRoute = <Target extends TargetSchema>(target: Target) =>
  routes.createHandlers(access('reveal:anonymous-authors'), validate('param', target), async (c) => {
    const revealed = await revealAuthor(c.var.ctx, c.var.user, c.req.valid('param') as ContentTarget);
    return c.json(revealed satisfies RevealResponse, 200);
  });

/**
 * Content moderation: the Content tab, pin and unpin, delete, dismiss reports (moderate:posts), and the audited
 * reveal of an anonymous author (reveal:anonymous-authors). Capabilities are checked before any input.
 */
export const moderationRoutes = new Hono<SignedInEnv>()
  .get('/content', access('moderate:posts'), validate('query', contentQuerySchema), async (c) =>
    c.json((await listContent(c.var.ctx, c.var.user, c.req.valid('query'))) satisfies ContentPage, 200),
  )
  .put('/posts/:postId/pin', ...pinRoute(true))
  .delete('/posts/:postId/pin', ...pinRoute(false))
  .delete('/posts/:postId', access('moderate:posts'), validate('param', postIdSchema), async (c) => {
    await deletePost(c.var.ctx, c.var.user, { ...c.req.valid('param'), asStaff: true });
    return c.json({ deleted: true }, 200);
  })
  .delete('/comments/:commentId', access('moderate:posts'), validate('param', commentIdSchema), async (c) => {
    await deleteComment(c.var.ctx, c.var.user, { ...c.req.valid('param'), asStaff: true });
    return c.json({ deleted: true }, 200);
  })
  .post('/posts/:postId/dismiss-reports', ...dismissRoute(postIdSchema))
  .post('/comments/:commentId/dismiss-reports', ...dismissRoute(commentIdSchema))
  .post('/posts/:postId/reveal', ...revealRoute(postIdSchema))
  .post('/comments/:commentId/reveal', ...revealRoute(commentIdSchema));
