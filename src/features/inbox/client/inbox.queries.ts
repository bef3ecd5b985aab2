import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import { call, routerClient, type ApiError } from '~/client/lib/api-client';
import { pagedQueryOptions } from '~/client/lib/paged-query';
import { useApiMutation, type MutationConfig } from '~/client/lib/query-client';
import type {
  ConversationResponse,
  MarkReadInput,
  MessagesResponse,
  SendMessageInput,
  SendMessageResponse,
} from '../inbox.schema';
import type { inboxRoutes } from '../server/inbox.routes';

const inbox = routerClient<typeof inboxRoutes>('/inbox');
const thread = inbox.conversations[':conversationId'];

/** Everything under 'inbox' is refetched by the event stream's 'inbox.*' events (new message, read, deleted). */
export const inboxQueryKeys = {
  all: ['inbox'] as const,
  lists: () => [...inboxQueryKeys.all, 'list'] as const,
  list: (q: string) => [...inboxQueryKeys.lists(), q] as const,
  conversation: (id: string) => [...inboxQueryKeys.all, 'conversation', id] as const,
  messages: (id: string) => [...inboxQueryKeys.all, 'messages', id] as const,
  recipients: (q: string) => [...inboxQueryKeys.all, 'recipients', q] as const,
};

/** New message: members the viewer may start a conversation with, by name; nothing is asked before a name. */
export function useRecipients(q: string) {
  return useQuery({
    queryKey: inboxQueryKeys.recipients(q),
    queryFn: ({ signal }) => call(inbox.recipients.$get({ query: { q } }, { init: { signal } })),
    select: (data) => data.items,
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}

export const conversationListOptions = (q: string) =>
  pagedQueryOptions({
    queryKey: inboxQueryKeys.list(q),
    queryFn: ({ cursor, init }) =>
      call(inbox.conversations.$get({ query: { q: q || undefined, cursor } }, { init })),
    searched: true,
  });

/** The member's conversations, most recently active first, searched by the other party's name. */
export function useConversationList(q: string) {
  return useInfiniteQuery(conversationListOptions(q));
}

export const conversationOptions = (id: string) =>
  queryOptions({
    queryKey: inboxQueryKeys.conversation(id),
    queryFn: ({ signal }) => call(thread.$get({ param: { conversationId: id } }, { init: { signal } })),
    select: (data) => data.conversation,
  });

export function useConversation(id: string) {
  return useQuery(conversationOptions(id));
}

export const messagesOptions = (id: string) =>
  pagedQueryOptions({
    queryKey: inboxQueryKeys.messages(id),
    queryFn: ({ cursor, init }) =>
      call(thread.messages.$get({ param: { conversationId: id }, query: { cursor } }, { init })),
  });

/** The thread, a page of 50 at a time; older pages load on request. */
export function useMessages(id: string) {
  return useInfiniteQuery(messagesOptions(id));
}

export function useStartConversation(config: MutationConfig<ConversationResponse, string> = {}) {
  return useApiMutation(
    (recipientId) => call(inbox.conversations.$post({ json: { recipientId } })),
    async (queryClient, ...args) => {
      queryClient.setQueryData(inboxQueryKeys.conversation(args[0].conversation.id), args[0]);
      await queryClient.invalidateQueries({ queryKey: inboxQueryKeys.lists() });
    },
    config,
  );
}

export function useSendMessage(
  conversationId: string,
  config: MutationConfig<SendMessageResponse, SendMessageInput> = {},
) {
  return useApiMutation(
    (input) => call(thread.messages.$post({ param: { conversationId }, json: input })),
    async (queryClient, ...args) => {
      // The new message shows at once; the event that follows refetches the thread and the list.
      queryClient.setQueryData<InfiniteData<MessagesResponse, string | null>>(
        inboxQueryKeys.messages(conversationId),
        (old) => {
          const message = args[0].message;
          if (!old?.pages.length) return old;
          const [newest, ...rest] = old.pages;
          if (newest!.items.some((m) => m.id === message.id)) return old;
          return { ...old, pages: [{ ...newest!, items: [...newest!.items, message] }, ...rest] };
        },
      );
      await queryClient.invalidateQueries({ queryKey: inboxQueryKeys.lists() });
    },
    config,
  );
}

/** Marks the thread read; the server's 'inbox.read' event then refreshes the badges in every tab. */
export function useMarkConversationRead(conversationId: string) {
  return useMutation<unknown, ApiError, MarkReadInput>({
    mutationFn: (input) => call(thread.read.$post({ param: { conversationId }, json: input })),
  });
}

/** The member left the thread: new messages notify them again at once. Fire and forget. */
export function leaveConversation(conversationId: string): void {
  void call(thread.read.$post({ param: { conversationId }, json: { viewing: false } })).catch(() => {});
}

export function useDeleteConversation(config: MutationConfig<unknown, string> = {}) {
  return useApiMutation(
    (conversationId) => call(thread.$delete({ param: { conversationId } })),
    async (queryClient, ...args) => {
      queryClient.removeQueries({ queryKey: inboxQueryKeys.messages(args[1]) });
      await queryClient.invalidateQueries({ queryKey: inboxQueryKeys.all });
    },
    config,
  );
}

/** The header's unread badge: others' unread messages across every conversation; 'inbox.*' events refresh it. */
export const inboxUnreadOptions = queryOptions({
  queryKey: [...inboxQueryKeys.all, 'unread'] as const,
  queryFn: ({ signal }) => call(inbox.unread.$get({}, { init: { signal } })),
  select: (data) => data.unreadCount,
});

export function useInboxUnread() {
  return useQuery(inboxUnreadOptions);
}
