/**
 * Gives the main thread back to the browser (to paint, to answer input) between steps of
 * the start, so no step becomes one long task on a slow phone.
 */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
