/**
 * `npx tsx tests/bench/profile-summary.ts FILE.cpuprofile [N]`: the N functions with the
 * most self time in a CPU profile (page-profile.ts writes them), and the idle share.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, top = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts FILE.cpuprofile [N]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
  self.set(name, (self.get(name) ?? 0) + ms);
});
console.log(`total ${total.toFixed(0)} ms`);
for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
