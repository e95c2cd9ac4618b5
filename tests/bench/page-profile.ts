import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Trace categories: every process's tasks (renderer, IndexedDB backend, network) with their CPU time, so work off the page's thread shows too. */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'IndexedDB', 'v8', 'blink', 'net'];

/**
 * Runs `work` on `page` under Chromium's sampling CPU profiler when `folder` is set,
 * writing `<name>.cpuprofile` there (the DevTools format), and a trace of every
 * Chromium process beside it (`<name>.trace.json`, for DevTools' Performance panel or
 * Perfetto); without a folder it just runs. The profile covers the page's main thread,
 * where the benchmark's fill runs; the trace shows what the browser's other threads
 * and processes spent meanwhile (IndexedDB's backend, the network).
 */
export async function profiled<T>(page: Page, folder: string | undefined, name: string, work: (page: Page) => Promise<T>): Promise<T> {
  if (!folder) return work(page);
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
  await cdp.send('Profiler.enable');
  // 1 ms samples: fine enough for per-chunk work, light enough not to stretch it much.
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  try {
    return await work(page);
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traced;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    writeFileSync(join(folder, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
    await cdp.detach();
  }
}
