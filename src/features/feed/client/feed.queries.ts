import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { call, routerClient } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type {
  CreateCommentInput,
  CreateCommentResponse,
  CreatePostInput,
  CreatePostResponse,
  FeedPage,
  LikeResponse,
  PostView,
  ReportInput,
  ReportResponse,
  RevealResponse,
} from '../feed.schema';
import type { feedRoutes } from '../server/feed.routes';
import type { moderationRoutes } from '../server/moderation.routes';

const feed = routerClient<typeof feedRoutes>('/feed');
const moderation = routerClient<typeof moderationRoutes>('/moderation');
const post = feed.posts[':postId'];

/** Everything under 'feed' is refetched by the event stream's 'feed.post' and 'feed.comment' events. */
export const feedQueryKeys = {
  all: ['feed'] as const,
  lists: () => [...feedQueryKeys.all, 'list'] as const,
  list: (q: string) => [...feedQueryKeys.lists(), q] as const,
  comments: (postId: string) => [...feedQueryKeys.all, 'comments', postId] as const,
};

export const feedListOptions = (q: string) =>
  pagedQueryOptions({
    queryKey: feedQueryKeys.list(q),
    queryFn: ({ cursor, init }) => call(feed.index.$get({ query: { q: q || undefined, cursor } }, { init })),
    searched: true,
  });

/** Pinned Posts and the others, newest first, page by page; searched by text or author. */
export function useFeed(q: string) {
  return useInfiniteQuery(feedListOptions(q));
}

export const commentsOptions = (postId: string) =>
  pagedQueryOptions({
    queryKey: feedQueryKeys.comments(postId),
    queryFn: ({ cursor, init }) =>
      call(post.comments.$get({ param: { postId }, query: { cursor } }, { init })),
  });

export function useComments(postId: string, enabled: boolean) {
  return useInfiniteQuery({ ...commentsOptions(postId), enabled });
}

/** Applies a change to one post wherever the loaded feed lists show it. */
function updatePostInLists(queryClient: QueryClient, postId: string, change: (post: PostView) => PostView) {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedQueryKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            pinned: page.pinned.map((p) => (p.id === postId ? change(p) : p)),
            items: page.items.map((p) => (p.id === postId ? change(p) : p)),
          })),
        }
      : data,
  );
}

export function useCreatePost(config: MutationConfig<CreatePostResponse, CreatePostInput> = {}) {
  return useApiMutation(
    (input) => call(feed.posts.$post({ json: input })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.lists() });
    },
    config,
  );
}

export function useDeletePost(config: MutationConfig<unknown, string> = {}) {
  return useApiMutation(
    (postId) => call(post.$delete({ param: { postId } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.lists() });
    },
    config,
  );
}

/**
 * Likes or unlikes at once on screen; the server's answer (or a refetch after a failure) settles the count.
 * PUT and DELETE are idempotent, so a double tap never counts twice.
 */
export function useSetLike(config: MutationConfig<LikeResponse, { postId: string; liked: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ postId, liked }) =>
      call(liked ? post.like.$put({ param: { postId } }) : post.like.$delete({ param: { postId } })),
    onMutate: async ({ postId, liked }) => {
      await queryClient.cancelQueries({ queryKey: feedQueryKeys.lists() });
      updatePostInLists(queryClient, postId, (post) =>
        post.likedByMe === liked
          ? post
          : { ...post, likedByMe: liked, likeCount: Math.max(0, post.likeCount + (liked ? 1 : -1)) },
      );
    },
    onSuccess: async (...args) => {
      const [result, { postId }] = args;
      updatePostInLists(queryClient, postId, (post) => ({
        ...post,
        likedByMe: result.liked,
        likeCount: result.likeCount,
      }));
      await config.onSuccess?.(...args);
    },
    onError: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.lists() });
      await config.onError?.(...args);
    },
  });
}

export function useCreateComment(
  postId: string,
  config: MutationConfig<CreateCommentResponse, CreateCommentInput> = {},
) {
  return useApiMutation(
    (input) => call(post.comments.$post({ param: { postId }, json: input })),
    async (queryClient, ...args) => {
      updatePostInLists(queryClient, postId, (post) => ({ ...post, commentCount: args[0].commentCount }));
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.comments(postId) });
    },
    config,
  );
}

export function useDeleteComment(postId: string, config: MutationConfig<unknown, string> = {}) {
  return useApiMutation(
    (commentId) => call(feed.comments[':commentId'].$delete({ param: { commentId } })),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.all });
    },
    config,
  );
}

// Moderation (issue 10). The Content tab lives under 'feed' too: the feed's events and 'feed.report' refresh it.

export const contentOptions = () =>
  pagedQueryOptions({
    queryKey: [...feedQueryKeys.all, 'moderation'] as const,
    queryFn: ({ cursor, init }) => call(moderation.content.$get({ query: { cursor } }, { init })),
  });

export function useContent() {
  return useInfiniteQuery(contentOptions());
}

/** A post, or one of its comments. */
export type FeedItem = { postId: string } | { commentId: string };

export function useReport(
  config: MutationConfig<ReportResponse, { item: FeedItem; input: ReportInput }> = {},
) {
  return useMutation({
    ...config,
    mutationFn: ({ item, input }) =>
      call(
        'commentId' in item
          ? feed.comments[':commentId'].reports.$post({ param: item, json: input })
          : post.reports.$post({ param: item, json: input }),
      ),
  });
}

export function useReveal(config: MutationConfig<RevealResponse, FeedItem> = {}) {
  return useMutation({
    ...config,
    mutationFn: (item) =>
      call(
        'commentId' in item
          ? moderation.comments[':commentId'].reveal.$post({ param: item })
          : moderation.posts[':postId'].reveal.$post({ param: item }),
      ),
  });
}

/** Pin, unpin, delete and dismiss from the feed or the Content tab; every list under 'feed' refetches. */
export function useModerate(
  config: MutationConfig<unknown, { action: 'pin' | 'unpin' | 'delete' | 'dismiss'; item: FeedItem }> = {},
) {
  return useApiMutation(
    ({ action, item }) => {
      if ('commentId' in item) {
        const comment = moderation.comments[':commentId'];
        if (action === 'dismiss') return call(comment['dismiss-reports'].$post({ param: item }));
        if (action === 'delete') return call(comment.$delete({ param: item }));
        throw new Error('Only posts are pinned.');
      }
      const pinned = moderation.posts[':postId'];
      if (action === 'pin') return call(pinned.pin.$put({ param: item }));
      if (action === 'unpin') return call(pinned.pin.$delete({ param: item }));
      if (action === 'dismiss') return call(pinned['dismiss-reports'].$post({ param: item }));
      return call(pinned.$delete({ param: item }));
    },
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.all });
    },
    config,
  );
}
