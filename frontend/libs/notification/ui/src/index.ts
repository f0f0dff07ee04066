export * from './lib/NotificationList';
export * from './lib/NotificationBell';
