import { z } from 'zod';

/** The answer of a change that has nothing to tell back: `{}`. */
export const emptyAnswer = z.object({});
