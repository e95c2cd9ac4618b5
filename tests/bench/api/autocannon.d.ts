/** The part of autocannon's API the API benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    max: number;
    p50: number;
    p99: number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** Each request's path and headers may be set afresh by setupRequest. */
    requests?: Array<{
      setupRequest: (request: { path: string; headers?: Record<string, string> }) => { path: string; headers?: Record<string, string> };
    }>;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram & { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
