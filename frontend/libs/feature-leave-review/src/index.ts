export * from './lib/LeaveReviewPage';
