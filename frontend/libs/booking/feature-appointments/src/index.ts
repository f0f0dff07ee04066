export * from './lib/MyAppointmentsPage';
export * from './lib/ReschedulePage';
export * from './lib/LeaveReviewPage';
