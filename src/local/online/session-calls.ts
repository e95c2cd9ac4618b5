/**
 * The calls of signing in and of a user's password, which act at once and are never
 * queued, and the addresses the sign-in screens load (the human check's challenge, the
 * terms of use). From src/api, which features reach only through src/local.
 */
export { login, type Credentials } from '../../api/session';
export { changePassword, resetPassword, sendRecoveryCode } from '../../api/password';
export { altchaChallengeUrl, apiUrl } from '../../api/endpoint';
