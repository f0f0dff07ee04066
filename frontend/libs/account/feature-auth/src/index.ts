export * from './lib/AuthPage';
export * from './lib/ForgotPasswordPage';
export * from './lib/ResetPasswordPage';
export * from './lib/VerifyEmailPage';
export * from './lib/VerifyEmailBanner';
export * from './lib/UnsubscribePage';
