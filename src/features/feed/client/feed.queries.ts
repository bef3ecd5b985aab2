import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '~/client/lib/api-client';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type {
  CommentsPage,
  ContentPage,
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

/** Everything under 'feed' is refetched by the event stream's 'feed.post' and 'feed.comment' events. */
export const feedQueryKeys = {
  all: ['feed'] as const,
  lists: () => [...feedQueryKeys.all, 'list'] as const,
  list: (q: string) => [...feedQueryKeys.lists(), q] as const,
  comments: (postId: string) => [...feedQueryKeys.all, 'comments', postId] as const,
};

const postPath = (postId: string) => `/feed/posts/${encodeURIComponent(postId)}`;

export const feedListOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: feedQueryKeys.list(q),
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      if (q) search.set('q', q);
      if (pageParam) search.set('cursor', pageParam);
      return api<FeedPage>(`/feed${search.size ? `?${search}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a new search runs, the last results stay on screen rather than flashing to a skeleton.
    placeholderData: keepPreviousData,
  });

/** Pinned Posts and the others, newest first, page by page; searched by text or author. */
export function useFeed(q: string) {
  return useInfiniteQuery(feedListOptions(q));
}

export const commentsOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: feedQueryKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      api<CommentsPage>(`${postPath(postId)}/comments${pageParam ? `?cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
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
            posts: page.posts.map((p) => (p.id === postId ? change(p) : p)),
          })),
        }
      : data,
  );
}

export function useCreatePost(config: MutationConfig<CreatePostResponse, CreatePostInput> = {}) {
  return useApiMutation(
    (input) => api<CreatePostResponse>('/feed/posts', { body: input }),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.lists() });
    },
    config,
  );
}

export function useDeletePost(config: MutationConfig<unknown, string> = {}) {
  return useApiMutation(
    (postId) => api(postPath(postId), { method: 'DELETE' }),
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
      api<LikeResponse>(`${postPath(postId)}/like`, { method: liked ? 'PUT' : 'DELETE' }),
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
    (input) => api<CreateCommentResponse>(`${postPath(postId)}/comments`, { body: input }),
    async (queryClient, ...args) => {
      updatePostInLists(queryClient, postId, (post) => ({ ...post, commentCount: args[0].commentCount }));
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.comments(postId) });
    },
    config,
  );
}

export function useDeleteComment(postId: string, config: MutationConfig<unknown, string> = {}) {
  return useApiMutation(
    (commentId) => api(`/feed/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' }),
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.all });
    },
    config,
  );
}

// Moderation (issue 10). The Content tab lives under 'feed' too: the feed's events and 'feed.report' refresh it.

export const contentOptions = () =>
  infiniteQueryOptions({
    queryKey: [...feedQueryKeys.all, 'moderation'] as const,
    queryFn: ({ pageParam, signal }) =>
      api<ContentPage>(`/moderation/content${pageParam ? `?cursor=${pageParam}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useContent() {
  return useInfiniteQuery(contentOptions());
}

/** A post, or one of its comments. */
export type FeedItem = { postId: string } | { commentId: string };
const itemPath = (item: FeedItem) =>
  'commentId' in item
    ? `/comments/${encodeURIComponent(item.commentId)}`
    : `/posts/${encodeURIComponent(item.postId)}`;

export function useReport(
  config: MutationConfig<ReportResponse, { item: FeedItem; input: ReportInput }> = {},
) {
  return useMutation({
    ...config,
    mutationFn: ({ item, input }) => api<ReportResponse>(`/feed${itemPath(item)}/reports`, { body: input }),
  });
}

export function useReveal(config: MutationConfig<RevealResponse, FeedItem> = {}) {
  return useMutation({
    ...config,
    mutationFn: (item) => api<RevealResponse>(`/moderation${itemPath(item)}/reveal`, { method: 'POST' }),
  });
}

/** Pin, unpin, delete and dismiss from the feed or the Content tab; every list under 'feed' refetches. */
export function useModerate(
  config: MutationConfig<unknown, { action: 'pin' | 'unpin' | 'delete' | 'dismiss'; item: FeedItem }> = {},
) {
  return useApiMutation(
    ({ action, item }) => {
      const path = `/moderation${itemPath(item)}`;
      if (action === 'pin') return api(`${path}/pin`, { method: 'PUT' });
      if (action === 'unpin') return api(`${path}/pin`, { method: 'DELETE' });
      if (action === 'dismiss') return api(`${path}/dismiss-reports`, { method: 'POST' });
      return api(path, { method: 'DELETE' });
    },
    async (queryClient) => {
      await queryClient.invalidateQueries({ queryKey: feedQueryKeys.all });
    },
    config,
  );
}
