import type { JobHandler } from './job-context';

/** Every job kind the runner knows. Areas add their handlers here (one line each). */
export const jobHandlers: Record<string, JobHandler> = {};

/** Job kinds that apply an uploaded file: the purpose of a signed upload URL must be one of them. */
export const uploadJobKinds = new Set<string>([]);
