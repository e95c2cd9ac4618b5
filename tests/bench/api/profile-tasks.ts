import { fmt } from '../measure';

/** The parts of a V8 .cpuprofile the task summary reads. */
export interface TimedCpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

const ROOT_URL = `file://${process.cwd()}/`;

/** A frame as one short name: the function and where it is (the package's or the portal's file). */
function frameName(frame: TimedCpuProfile['nodes'][number]['callFrame']): string {
  const where = frame.url ? `${frame.url.replace(ROOT_URL, '').replace(/.*node_modules\//, '')}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'} ${where}`.trim();
}

/**
 * The main thread's tasks in a profile: runs of samples with no idle sample between them,
 * each as long as the time those samples cover. A request that arrives during a task waits
 * for its end, so the longest tasks are what another user's tail latency is made of. Each
 * long task is named by the portal's outermost and innermost frames it spent most time in
 * and the functions with the most self time in it. A task is measured by its samples times
 * the sampling interval: the profiler signals the thread every interval, and the signals
 * sent while it waited for a CPU (the machine's other work) reach it as one, so the count
 * is close to the thread's CPU time in the task and little swayed by the load; the wall
 * time the samples cover (the wait for a CPU included) is printed beside it.
 */
export function longestTasks(profile: TimedCpuProfile, top = 12): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const portalFrames = (id: number) => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url.startsWith(ROOT_URL) && !frame.url.includes('node_modules')) frames.push(frameName(frame));
    }
    return frames;
  };
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  const intervalMs = (deltas[Math.floor(deltas.length / 2)] ?? 0) / 1000;
  type Task = { ms: number; wallMs: number; samples: number[] };
  const tasks: Task[] = [];
  let current: Task | null = null;
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName === '(idle)') {
      current = null;
      return;
    }
    if (!current) tasks.push((current = { ms: 0, wallMs: 0, samples: [] }));
    current.ms += intervalMs;
    // A sample's delta is the time since the previous one: the next sample's delta is this one's length.
    current.wallMs += (profile.timeDeltas[i + 1] ?? 0) / 1000;
    current.samples.push(id);
  });
  const busy = tasks.reduce((sum, t) => sum + t.ms, 0);
  const over = (ms: number) => tasks.filter((t) => t.ms > ms);
  const sortedMs = tasks.map((t) => t.ms).sort((a, b) => a - b);
  const lines = [
    `  main-thread tasks (runs between idle samples, by samples of ${fmt(intervalMs, 2)} ms): ${tasks.length}, busy ${fmt(busy, 0)} ms; longest ${fmt(sortedMs.at(-1) ?? 0)} ms, p99 ${fmt(sortedMs[Math.floor(sortedMs.length * 0.99)] ?? 0)} ms; ` +
      `over 5 ms: ${over(5).length}, over 10 ms: ${over(10).length} (${fmt(over(10).reduce((s, t) => s + t.ms, 0), 0)} ms), over 20 ms: ${over(20).length}`,
    `  the ${top} longest tasks:`,
  ];
  for (const task of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    const self = new Map<string, number>();
    const outer = new Map<string, number>();
    for (const id of task.samples) {
      const name = frameName(byId.get(id)!.callFrame);
      self.set(name, (self.get(name) ?? 0) + 1);
      const frames = portalFrames(id);
      const key = frames.length ? `${frames.at(-1)} > ${frames[0]}` : '(outside the portal)';
      outer.set(key, (outer.get(key) ?? 0) + 1);
    }
    const most = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, count]) => `${Math.round((100 * count) / task.samples.length)}% ${name}`)
        .join('; ');
    lines.push(`    ${fmt(task.ms).padStart(6)} ms (${fmt(task.wallMs)} wall)  in ${most(outer, 2)}`, `              self: ${most(self, 4)}`);
  }
  return lines;
}
