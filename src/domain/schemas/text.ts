import { z } from 'zod';
import { TEXT_LENGTHS } from '../constants';

/**
 * Bounded text for request schemas: every text a client sends has a length limit, the
 * spec's where it gives one (rules then word the message) and TEXT_LENGTHS otherwise,
 * so browser and server refuse the same input.
 */
export const text = (kind: keyof typeof TEXT_LENGTHS) => z.string().max(TEXT_LENGTHS[kind]);
