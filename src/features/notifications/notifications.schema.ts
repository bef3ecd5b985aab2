export interface NotificationItem {
  id: string;
  message: string;
  link: string | null;
  read: boolean;
  /**
   * From The Vault or its staff: the bell marks it with a badge no member can produce, since it is a field the
   * server sets, not text a member can write into their name.
   */
  fromStaff: boolean;
  createdAt: string;
}

export interface NotificationsResponse {
  items: NotificationItem[];
  unreadCount: number;
}
