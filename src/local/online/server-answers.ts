/**
 * What screens read of a server's answer: the error of a call made at once and its toast
 * text, and a refused outbox entry's errors. From src/api and src/sync, which features
 * reach only through src/local (the lint's layer zones in eslint.config.js).
 */
export { ApiError, errorToastTextOf, isUnauthorized } from '../../api/api-error';
export { serverErrors } from '../../sync/outcome';
