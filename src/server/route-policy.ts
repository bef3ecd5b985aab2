import type { Capability } from '~/shared/permissions';

/**
 * Every API route and what it takes to call it: anyone, any signed-in member, or a capability. The policy test
 * fails when a registered route is missing here, and calls each route as every kind of member to check the
 * answers. Add each new route here with the route itself.
 */
export type Access = 'public' | 'signed-in' | Capability;

export interface RoutePolicy {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, with :params. */
  path: string;
  access: Access;
  /** A concrete path to call in the policy test, when `path` has params. */
  example?: string;
}

export const routePolicy: RoutePolicy[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/events', access: 'signed-in' },
  // Accounts: the session endpoints are public by nature (they start or end a session).
  { method: 'GET', path: '/api/accounts/session', access: 'public' },
  { method: 'POST', path: '/api/accounts/register', access: 'public' },
  { method: 'POST', path: '/api/accounts/login', access: 'public' },
  { method: 'POST', path: '/api/accounts/owner-login', access: 'public' },
  { method: 'POST', path: '/api/accounts/logout', access: 'public' },
  {
    method: 'GET',
    path: '/api/avatars/:file{[a-z0-9]+\\.svg}',
    access: 'signed-in',
    example: '/api/avatars/nobody.svg',
  },
  // Economy: the weekly bonus, the award amounts, and the Economy tab.
  { method: 'POST', path: '/api/economy/weekly-bonus', access: 'signed-in' },
  { method: 'GET', path: '/api/economy/settings', access: 'signed-in' },
  { method: 'PUT', path: '/api/economy/settings', access: 'manage:economy' },
  // Notifications: each member's own.
  { method: 'GET', path: '/api/notifications', access: 'signed-in' },
  { method: 'POST', path: '/api/notifications/read-all', access: 'signed-in' },
  // Profiles and uploads.
  { method: 'GET', path: '/api/profile', access: 'signed-in' },
  { method: 'PATCH', path: '/api/profile', access: 'signed-in' },
  { method: 'POST', path: '/api/profile/avatar', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/members/:userId',
    access: 'signed-in',
    example: '/api/members/no-such-member',
  },
  {
    method: 'GET',
    path: '/api/uploads/:key',
    access: 'signed-in',
    example: '/api/uploads/0000000000000000.png',
  },
  // Admin: members and roles.
  { method: 'GET', path: '/api/admin/members', access: 'read:members' },
  {
    method: 'POST',
    path: '/api/admin/members/:memberId/ban',
    access: 'manage:members',
    example: '/api/admin/members/no-such-member/ban',
  },
  {
    method: 'POST',
    path: '/api/admin/members/:memberId/unban',
    access: 'manage:members',
    example: '/api/admin/members/no-such-member/unban',
  },
  {
    method: 'PUT',
    path: '/api/admin/members/:memberId/roles',
    access: 'edit:roles',
    example: '/api/admin/members/no-such-member/roles',
  },
  // Shop: the menu, ratings, the cart's settings and pickup locations.
  { method: 'GET', path: '/api/shop/menu', access: 'signed-in' },
  { method: 'GET', path: '/api/shop/settings', access: 'signed-in' },
  { method: 'GET', path: '/api/shop/pickup-locations', access: 'signed-in' },
  { method: 'GET', path: '/api/shop/rating-status', access: 'signed-in' },
  {
    method: 'POST',
    path: '/api/shop/stickers/:stickerId/ratings',
    access: 'signed-in',
    example: '/api/shop/stickers/no-such-sticker/ratings',
  },
  // Orders: each member's own, and the orders desk.
  { method: 'POST', path: '/api/orders', access: 'signed-in' },
  { method: 'GET', path: '/api/orders', access: 'signed-in' },
  { method: 'GET', path: '/api/orders/:orderId', access: 'signed-in', example: '/api/orders/no-such-order' },
  {
    method: 'PATCH',
    path: '/api/admin/orders/:orderId/status',
    access: 'manage:orders',
    example: '/api/admin/orders/no-such-order/status',
  },
  { method: 'GET', path: '/api/admin/orders', access: 'read:orders' },
  { method: 'GET', path: '/api/admin/orders/export', access: 'export:orders' },
  // Shop administration: the catalogue, pickup locations and the shop's settings.
  { method: 'GET', path: '/api/admin/stickers', access: 'manage:catalog' },
  { method: 'POST', path: '/api/admin/stickers', access: 'manage:catalog' },
  {
    method: 'PATCH',
    path: '/api/admin/stickers/:stickerId',
    access: 'manage:catalog',
    example: '/api/admin/stickers/no-such-sticker',
  },
  {
    method: 'POST',
    path: '/api/admin/stickers/:stickerId/image',
    access: 'manage:catalog',
    example: '/api/admin/stickers/no-such-sticker/image',
  },
  { method: 'POST', path: '/api/admin/pickup-locations', access: 'manage:locations' },
  {
    method: 'DELETE',
    path: '/api/admin/pickup-locations/:name',
    access: 'manage:locations',
    example: '/api/admin/pickup-locations/nowhere',
  },
  { method: 'PUT', path: '/api/admin/shop-settings', access: 'manage:settings' },
  // Inbox: each member's own conversations (any other id is "not found").
  { method: 'GET', path: '/api/inbox/unread', access: 'signed-in' },
  { method: 'GET', path: '/api/inbox/conversations', access: 'signed-in' },
  { method: 'POST', path: '/api/inbox/conversations', access: 'signed-in' },
  {
    method: 'GET',
    path: '/api/inbox/conversations/:conversationId',
    access: 'signed-in',
    example: '/api/inbox/conversations/no-such-conversation',
  },
  {
    method: 'DELETE',
    path: '/api/inbox/conversations/:conversationId',
    access: 'signed-in',
    example: '/api/inbox/conversations/no-such-conversation',
  },
  {
    method: 'GET',
    path: '/api/inbox/conversations/:conversationId/messages',
    access: 'signed-in',
    example: '/api/inbox/conversations/no-such-conversation/messages',
  },
  {
    method: 'POST',
    path: '/api/inbox/conversations/:conversationId/messages',
    access: 'signed-in',
    example: '/api/inbox/conversations/no-such-conversation/messages',
  },
  {
    method: 'POST',
    path: '/api/inbox/conversations/:conversationId/read',
    access: 'signed-in',
    example: '/api/inbox/conversations/no-such-conversation/read',
  },
  // The driver queue and the Drivers tab.
  { method: 'GET', path: '/api/driver/queue', access: 'view:driver-queue' },
  { method: 'PUT', path: '/api/driver/status', access: 'claim:order' },
  ...['claim', 'eta', 'cancel', 'notify', 'delivered'].map((action): RoutePolicy => ({
    method: 'POST',
    path: `/api/driver/orders/:orderId/${action}`,
    access: 'claim:order',
    example: `/api/driver/orders/no-such-order/${action}`,
  })),
  { method: 'GET', path: '/api/admin/drivers', access: 'read:drivers' },
  {
    method: 'PATCH',
    path: '/api/admin/drivers/:driverId',
    access: 'manage:drivers',
    example: '/api/admin/drivers/no-such-driver',
  },
  // The community feed: any signed-in member reads, posts, likes and comments; deletes only their own.
  { method: 'GET', path: '/api/feed', access: 'signed-in' },
  { method: 'POST', path: '/api/feed/media', access: 'signed-in' },
  { method: 'POST', path: '/api/feed/posts', access: 'signed-in' },
  ...(['GET', 'DELETE'] as const).map((method): RoutePolicy => ({
    method,
    path: '/api/feed/posts/:postId',
    access: 'signed-in',
    example: '/api/feed/posts/no-such-post',
  })),
  ...(['PUT', 'DELETE'] as const).map((method): RoutePolicy => ({
    method,
    path: '/api/feed/posts/:postId/like',
    access: 'signed-in',
    example: '/api/feed/posts/no-such-post/like',
  })),
  ...(['GET', 'POST'] as const).map((method): RoutePolicy => ({
    method,
    path: '/api/feed/posts/:postId/comments',
    access: 'signed-in',
    example: '/api/feed/posts/no-such-post/comments',
  })),
  {
    method: 'DELETE',
    path: '/api/feed/comments/:commentId',
    access: 'signed-in',
    example: '/api/feed/comments/no-such-comment',
  },
  // Any member reports a post or a comment, once.
  {
    method: 'POST',
    path: '/api/feed/posts/:postId/reports',
    access: 'signed-in',
    example: '/api/feed/posts/no-such-post/reports',
  },
  {
    method: 'POST',
    path: '/api/feed/comments/:commentId/reports',
    access: 'signed-in',
    example: '/api/feed/comments/no-such-comment/reports',
  },
  // Content moderation: the Content tab, pin, delete, dismiss; the audited reveal of anonymous authors.
  { method: 'GET', path: '/api/moderation/content', access: 'moderate:posts' },
  ...(['PUT', 'DELETE'] as const).map((method): RoutePolicy => ({
    method,
    path: '/api/moderation/posts/:postId/pin',
    access: 'moderate:posts',
    example: '/api/moderation/posts/no-such-post/pin',
  })),
  {
    method: 'DELETE',
    path: '/api/moderation/posts/:postId',
    access: 'moderate:posts',
    example: '/api/moderation/posts/no-such-post',
  },
  {
    method: 'DELETE',
    path: '/api/moderation/comments/:commentId',
    access: 'moderate:posts',
    example: '/api/moderation/comments/no-such-comment',
  },
  ...(['posts/:postId', 'comments/:commentId'] as const).flatMap((item): RoutePolicy[] => [
    {
      method: 'POST',
      path: `/api/moderation/${item}/dismiss-reports`,
      access: 'moderate:posts',
      example: `/api/moderation/${item.replace(/:\w+/, 'nothing')}/dismiss-reports`,
    },
    {
      method: 'POST',
      path: `/api/moderation/${item}/reveal`,
      access: 'reveal:anonymous-authors',
      example: `/api/moderation/${item.replace(/:\w+/, 'nothing')}/reveal`,
    },
  ]),
];
