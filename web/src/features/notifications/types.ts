/** Notification as API.md shows it. */
export interface Notification {
  id: string;
  orderId: string | null;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
}

export interface NotificationList {
  items: Notification[];
  unreadCount: number;
}
