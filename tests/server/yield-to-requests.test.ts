import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setImmediate } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { yieldToRequests } from '../../server/jobs/yield-to-requests';

/**
 * From inside an I/O callback (as a job goes on after a sandbox's answer), a second message
 * is sent to the same socket, then `wait` is awaited: the order in which the message and
 * the end of the wait are seen.
 */
async function orderAfter(server: Socket, client: Socket, wait: () => Promise<void>): Promise<string[]> {
  const events: string[] = [];
  await new Promise<void>((resolve) => {
    server.once('data', () => {
      server.once('data', () => events.push('the request that came meanwhile'));
      client.write('second');
      void wait().then(() => {
        events.push('the job goes on');
        resolve();
      });
    });
    client.write('first');
  });
  if (events.length < 2) await once(server, 'data');
  return events;
}

describe('a job yielding to requests', () => {
  const sockets: Socket[] = [];
  const close = () => sockets.forEach((s) => s.destroy());
  afterEach(close);

  async function pair(): Promise<{ server: Socket; client: Socket }> {
    const listener = createServer();
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const client = connect((listener.address() as AddressInfo).port, '127.0.0.1');
    const [server] = (await once(listener, 'connection')) as [Socket];
    listener.close();
    sockets.push(client, server);
    return { server, client };
  }

  it('goes on only after the event loop read what arrived meanwhile', async () => {
    const { server, client } = await pair();
    expect(await orderAfter(server, client, yieldToRequests)).toEqual(['the request that came meanwhile', 'the job goes on']);
  });

  it('where one setImmediate goes on first (why it takes two)', async () => {
    const { server, client } = await pair();
    expect(await orderAfter(server, client, () => setImmediate())).toEqual(['the job goes on', 'the request that came meanwhile']);
  });
});
