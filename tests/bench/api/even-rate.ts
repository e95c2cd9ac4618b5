import { Agent, request } from 'node:http';
import { cpuTimeMs, type HotPath, type LoadFigures, type Server } from './load';

/** Of sorted values, the one at fraction `q`. */
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * An open-loop load of exactly `rate` requests a second, evenly spaced. autocannon's
 * rate option sends each connection's quota back to back at the start of every second,
 * so "300 req/s" arrives as one burst of 300 and its p99 is the time to drain the burst,
 * not the server's latency at that load. Each latency here runs from the moment the
 * request was due, so a request the client sent late (a busy machine) still counts its wait.
 */
export async function evenLoad(server: Server, path: HotPath, cookie: string, rate: number, seconds: number): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const { hostname, port } = new URL(server.url);
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failures = 0;
  let sent = 0;
  const cpuBefore = cpuTimeMs(server.pid);
  const start = performance.now();

  const send = (n: number, due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { agent, hostname, port, path: path.pathOf ? path.pathOf(n) : path.path, headers: { cookie, accept: 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
            else failures++;
            resolve();
          });
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        failures++;
        resolve();
      });
      req.end();
    });

  const pending: Array<Promise<void>> = [];
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
      for (; sent < due; sent++) pending.push(send(sent, start + (sent * 1000) / rate));
      if (sent < total) setTimeout(tick, 1);
      else done();
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    p50: Math.round(quantile(latencies, 0.5) * 10) / 10,
    p99: Math.round(quantile(latencies, 0.99) * 10) / 10,
    rate: latencies.length / elapsed,
    failures,
    cpuMs: (cpuTimeMs(server.pid) - cpuBefore) / Math.max(1, latencies.length + failures),
  };
}
