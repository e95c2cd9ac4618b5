// Loaded into the server process through NODE_OPTIONS (`--import`, which, unlike
// `--cpu-prof`, NODE_OPTIONS accepts). SIGUSR2 starts the V8 profiler, so start-up
// (migrations, the demo seed, compiling) stays out of the figures; at exit the profile
// is written to PORTAL_CPU_PROFILE. The inspector session is in-process, so its
// answers arrive synchronously, in time for the 'exit' handler.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import process from 'node:process';

const file = process.env.PORTAL_CPU_PROFILE;
if (file) {
  const session = new Session();
  session.connect();
  process.on('SIGUSR2', () => {
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 500 });
    session.post('Profiler.start');
  });
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
