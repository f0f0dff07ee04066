export * from './lib/Stars';
export * from './lib/Modal';
export * from './lib/feedback';
export * from './lib/PasswordInput';
export * from './lib/Icon';
export * from './lib/RatingInput';
