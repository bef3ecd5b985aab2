/** The bell: the newest few and how many are unread. */
export const NOTIFICATION_MENU_SIZE = 5;

export interface NotificationItem {
  id: string;
  message: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

export interface NotificationsResponse {
  items: NotificationItem[];
  unreadCount: number;
}
