import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Runs `work` on `page` under Chromium's sampling CPU profiler when `folder` is set,
 * writing `<name>.cpuprofile` there (the DevTools format); without a folder it just runs.
 * The profile covers the page's main thread, where the benchmark's fill runs.
 */
export async function profiled<T>(page: Page, folder: string | undefined, name: string, work: (page: Page) => Promise<T>): Promise<T> {
  if (!folder) return work(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  // 1 ms samples: fine enough for per-chunk work, light enough not to stretch it much.
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  try {
    return await work(page);
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}
