import { paths } from './paths';

/** What the inbox reads from navigation state: the member to open a conversation with (spec, route table). */
export interface InboxNavigationState {
  recipientId: string;
}

/**
 * The spec's way into a conversation with a member: /inbox/{id} with the recipient in navigation state. The inbox
 * asks the server for the conversation with them (the existing one or a new one) and replaces this entry with it.
 */
export function conversationWith(recipientId: string): { to: string; state: InboxNavigationState } {
  return { to: paths.conversation('new'), state: { recipientId } };
}

export function recipientFromState(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('recipientId' in state)) return undefined;
  const { recipientId } = state as Partial<InboxNavigationState>;
  return typeof recipientId === 'string' && recipientId ? recipientId : undefined;
}
