/** The sentences a job shows its user when the sandbox stops a task (see docs/limits.md). */
const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

export const timeLimitPassed = (timeMs: number) =>
  `Reading the file took longer than the limit of ${Math.round(timeMs / 1000)} seconds, so it was stopped.`;

export const memoryLimitPassed = (memoryMb: number) =>
  `Reading the file needed more than the limit of ${memoryMb} MiB of memory, so it was stopped.`;

export const outputTooLarge = (maxOutputBytes: number) =>
  `The file holds more data than the limit of ${mib(maxOutputBytes)} that one file may give.`;

export const workerCrashed = 'Reading the file failed unexpectedly; the file was not imported.';

export const sandboxStopped = 'The server stopped while the file was being read; it was not imported.';
