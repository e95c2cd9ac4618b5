/** Timing helpers for the benchmarks: figures are printed, never asserted. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

export const fmt = (n: number, digits = 1) => n.toLocaleString('en-AU', { maximumFractionDigits: digits, minimumFractionDigits: digits });
