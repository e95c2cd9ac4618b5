import { connect, type Socket } from 'node:net';

/**
 * Posts requests built before the clock starts (request line, headers and body as one
 * buffer) over kept-alive sockets, one request in flight per socket, and reads back only
 * the status code and as many body bytes as Content-Length says. A partner's system posts
 * from its own machine; here the bench shares the server's two cores, and node:http's
 * client took about a millisecond of CPU a request from them (cxml-in: 1.0 to 1.2 ms an
 * order, a sixth of what the server spent answering).
 */
export interface RawHttpPoster {
  /** Sends a request made by `rawPost`; resolves with the answer's status code. */
  send(request: Buffer): Promise<number>;
  close(): void;
}

export function rawPost(url: string, path: string, contentType: string, body: string): Buffer {
  const target = new URL(url);
  const bytes = Buffer.from(body);
  const head = `POST ${path} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes.length}\r\nConnection: keep-alive\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes]);
}

interface Connection {
  socket: Socket;
  /** The answer being read: its resolver, and what has arrived of it. */
  pending: { resolve: (status: number) => void; reject: (error: Error) => void } | null;
  buffered: Buffer;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export function rawHttpPoster(url: string): RawHttpPoster {
  const target = new URL(url);
  const idle: Connection[] = [];
  const all = new Set<Connection>();

  /** The status code of a whole answer at the start of `data`, and its length; null while it is incomplete. */
  const answerIn = (data: Buffer): { status: number; length: number } | null => {
    const end = data.indexOf(HEADER_END);
    if (end < 0) return null;
    const head = data.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1]);
    if (!Number.isInteger(length)) throw new Error(`An answer without Content-Length: ${head.split('\r\n')[0]}`);
    const total = end + HEADER_END.length + length;
    return data.length >= total ? { status, length: total } : null;
  };

  const open = (): Connection => {
    const conn: Connection = { socket: connect(Number(target.port), target.hostname), pending: null, buffered: Buffer.alloc(0) };
    conn.socket.setNoDelay(true);
    conn.socket.on('data', (chunk: Buffer) => {
      conn.buffered = conn.buffered.length === 0 ? chunk : Buffer.concat([conn.buffered, chunk]);
      try {
        const answer = answerIn(conn.buffered);
        if (!answer || !conn.pending) return;
        conn.buffered = conn.buffered.subarray(answer.length);
        const { resolve } = conn.pending;
        conn.pending = null;
        idle.push(conn);
        resolve(answer.status);
      } catch (error) {
        conn.socket.destroy(error as Error);
      }
    });
    const fail = (error: Error) => {
      all.delete(conn);
      const at = idle.indexOf(conn);
      if (at >= 0) idle.splice(at, 1);
      conn.pending?.reject(error);
      conn.pending = null;
    };
    conn.socket.on('error', fail);
    conn.socket.on('close', () => fail(new Error('The server closed the connection')));
    all.add(conn);
    return conn;
  };

  return {
    send(request) {
      const conn = idle.pop() ?? open();
      return new Promise<number>((resolve, reject) => {
        conn.pending = { resolve, reject };
        conn.socket.write(request);
      });
    },
    close() {
      for (const conn of all) conn.socket.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
