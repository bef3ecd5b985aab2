import { z } from 'zod';
import { pageQuerySchema, type Page } from '~/shared/pagination';
import { MESSAGE_EMPTY, MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG } from './inbox.constants';

export const startConversationSchema = z.strictObject({
  recipientId: z.string('Choose a member to message.').min(1, 'Choose a member to message.').max(64),
});
export type StartConversationInput = z.input<typeof startConversationSchema>;

export const sendMessageSchema = z.strictObject({
  content: z.string(MESSAGE_EMPTY).trim().min(1, MESSAGE_EMPTY).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const markReadSchema = z.strictObject({
  /** True while the thread is on screen (no notifications then); false when the member leaves it. */
  viewing: z.boolean().default(true),
});
export type MarkReadInput = z.input<typeof markReadSchema>;

export const recipientSearchSchema = z.object({
  q: z.string().trim().max(100, 'Keep the search under 100 characters.').default(''),
});

export const conversationIdSchema = z.object({ conversationId: z.string().min(1).max(64) });

export const conversationListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, 'Keep the search under 100 characters.').default(''),
});

/** The newest page of the thread without a cursor; the page's cursor gives the next older one. */
export const messagesQuerySchema = pageQuerySchema;

/**
 * The other party as this viewer may see them. `team` is an Admin or Owner shown to a non-admin: no id, no
 * avatar, no name of theirs ever leaves the server. `unknown` has left The Vault.
 */
export interface Counterpart {
  id: string | null;
  name: string;
  avatarUrl: string | null;
  kind: 'member' | 'team' | 'unknown';
}

export interface MessageView {
  id: string;
  seq: number;
  content: string;
  /** Sent by the viewer. Senders are never named by id: the thread has two parties. */
  mine: boolean;
  createdAt: string;
}

export interface ConversationSummary {
  id: string;
  counterpart: Counterpart;
  /** The newest message the viewer can see, or null. */
  lastMessage: Pick<MessageView, 'content' | 'mine' | 'createdAt'> | null;
  unreadCount: number;
  /** When the last message was sent, or when the conversation began. */
  updatedAt: string;
}

/** The member's conversations, most recently active first, page by page. */
export type ConversationListResponse = Page<ConversationSummary>;

/** Members the viewer may start a conversation with (never a masked staff member: they are refused). */
export interface RecipientsResponse {
  items: Counterpart[];
}

export interface ConversationResponse {
  conversation: ConversationSummary;
}

/**
 * A page of the thread, its messages oldest first. Pages go from the newest back: `nextCursor` gives the page
 * before this one, null at the start of what the viewer can see.
 */
export type MessagesResponse = Page<MessageView>;

export interface SendMessageResponse {
  message: MessageView;
}

export interface UnreadCountResponse {
  unreadCount: number;
}
