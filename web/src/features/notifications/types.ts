import type { Notification } from '@gs/shared/api-types';

/** Notification as API.md shows it. */
export type { Notification };

export interface NotificationList {
  items: Notification[];
  unreadCount: number;
}
