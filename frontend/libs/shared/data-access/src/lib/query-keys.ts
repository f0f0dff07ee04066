// The roots of every cached query. Each lib builds its keys under one of these, so a change
// in one domain can refresh another's copies (a booking changes availability, a review the
// service's rating) without knowing how they are keyed below the root.
export const queryRoots = {
  profile: 'profile',
  services: 'services',
  service: 'service',
  reviews: 'reviews',
  appointments: 'appointments',
  availability: 'availability',
  provider: 'provider',
  notifications: 'notifications',
} as const;
