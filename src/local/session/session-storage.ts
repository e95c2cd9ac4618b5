import { nullable } from 'zod/mini';
import { STORAGE_KEYS } from '../../domain/constants';
import { renderForSchema, profileSchema } from '../../domain/schemas/session';
import { createStoredValue } from '../storage/stored-value';

/** The last profile loaded online: the shell opens with it when the server cannot be reached. */
export const cachedProfile = createStoredValue(STORAGE_KEYS.session, nullable(profileSchema), null);

/** The organisation a support user has assumed (the spec's render-for). */
export const assumedOrganisation = createStoredValue(STORAGE_KEYS.renderFor, nullable(renderForSchema), null);
