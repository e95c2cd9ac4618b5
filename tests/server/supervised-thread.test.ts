import { describe, expect, it } from 'vitest';
import { superviseThread, type ServingThread } from '../../server/intake/supervised-thread';

/** A thread the test ends at will: `die` exits it unasked, `stop` as the supervisor asks. */
function fakeThread(name: string) {
  let exit: (code: number) => void = () => undefined;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const thread = {
    name,
    exited,
    stopped: false,
    die: (code = 1) => exit(code),
    async stop() {
      thread.stopped = true;
      exit(0);
      await exited;
    },
  };
  return thread satisfies ServingThread;
}
type Fake = ReturnType<typeof fakeThread>;

function recordingLog() {
  const lines: string[] = [];
  return { lines, error: (_obj: object, message: string) => void lines.push(message) };
}

const TIMING = { firstMs: 5, mostMs: 40 };
const until = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('a supervised thread (the SMTP listener runs in one)', () => {
  it('is started again when it dies, and its death is logged', async () => {
    const started: Fake[] = [];
    const log = recordingLog();
    const supervised = await superviseThread(async () => started[started.push(fakeThread(`t${started.length}`)) - 1]!, log, 'The test thread', TIMING);
    expect(supervised.first.name).toBe('t0');
    started[0]!.die(7);
    await until(() => started.length === 2);
    expect(log.lines).toEqual(['The test thread exited: starting it again']);
    started[1]!.die();
    await until(() => started.length === 3);
    await supervised.close();
    expect(started[2]!.stopped).toBe(true);
    expect(started.length).toBe(3);
  });

  it('keeps trying a start that fails, waiting longer each time, until one serves', async () => {
    const started: Fake[] = [];
    const log = recordingLog();
    let failures = 3;
    let attempts = 0;
    const supervised = await superviseThread(
      async () => {
        if (started.length > 0) attempts++;
        if (started.length > 0 && failures-- > 0) throw new Error('port taken');
        return started[started.push(fakeThread(`t${started.length}`)) - 1]!;
      },
      log,
      'The test thread',
      TIMING,
    );
    started[0]!.die();
    await until(() => started.length === 2);
    expect(attempts).toBe(4);
    expect(log.lines).toEqual([
      'The test thread exited: starting it again',
      'The test thread could not start again: trying again in 10 ms',
      'The test thread could not start again: trying again in 20 ms',
      'The test thread could not start again: trying again in 40 ms',
    ]);
    await supervised.close();
    expect(started[1]!.stopped).toBe(true);
  });

  it('starts nothing more once closed, and does not sit out the wait before a start', async () => {
    const started: Fake[] = [];
    // A wait of 50 s before the next start: a close that sat it out would time the test out.
    const supervised = await superviseThread(async () => started[started.push(fakeThread(`t${started.length}`)) - 1]!, recordingLog(), 'The test thread', {
      firstMs: 50_000,
      mostMs: 60_000,
    });
    started[0]!.die();
    await new Promise((r) => setTimeout(r, 20));
    await supervised.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toHaveLength(1);
  });

  it("leaves the first start's failure to the caller", async () => {
    await expect(superviseThread(() => Promise.reject(new Error('port taken')), recordingLog(), 'The test thread', TIMING)).rejects.toThrow('port taken');
  });
});
