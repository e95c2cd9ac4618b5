import { Transform, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { TaskLimit } from './task-limit';

/**
 * Answers are compressed at the fastest levels: on a page of 20 products brotli's
 * quality 1 costs a fifth of the CPU of quality 4 (the plugin's default) for a 15 %
 * larger answer, still about a seventh of the JSON; gzip level 1 likewise half of
 * level 6. Under a kilobyte, compressing saves no round trip.
 */
export const API_COMPRESSION = {
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

/**
 * Each one-step compression holds one of libuv's 4 pool threads for its whole run (a
 * fill chunk of 1.4 MB: about 5 ms of brotli, 6 of gzip), and sign-in's argon2 hashing,
 * fs and dns.lookup wait for the same threads. Measured on this 2-core machine, 20 chunk
 * compressions at once (4 browsers' fills) with argon2 verifications started beside them:
 * with no bound a verification took 62 to 65 ms (15 alone), queued behind the burst;
 * with 2 at most, 30 to 39 ms, the burst done in 73 to 82 ms (71 to 73 unbounded); with
 * 1, 22 to 25 ms, but the burst took 96 to 110 ms (one core idle).
 */
export const oneStepCompressions = new TaskLimit(2);

type Compress = (input: Buffer, chunkSize: number, done: zlib.CompressCallback) => void;

/**
 * zlib's output pieces are `chunkSize` long, each one more round trip through the event
 * loop, and a result in one piece keeps that piece's whole buffer alive until it is sent.
 * A quarter of the input holds what brotli quality 1 and gzip level 1 make of a fill
 * chunk (14 % and 17 % of it) in one piece, and keeps at most a quarter of the input
 * beside it (the input's size kept 1.4 MB behind a 190 KB answer).
 */
const outputSize = (input: Buffer) => Math.max(zlib.constants.Z_DEFAULT_CHUNK, input.length >> 2);

/**
 * Gathers the whole answer, then compresses it in one job on the pool (within
 * `oneStepCompressions`). The plugin's own stream works in 16 KiB pieces, each a round
 * trip through the event loop: while other requests held the loop, a 1.3 MB fill chunk
 * took 50 to 90 ms to leave after its first byte, against 30 to 35 ms in one step.
 */
class OneStepCompress extends Transform {
  private readonly pieces: Buffer[] = [];

  constructor(private readonly compress: Compress) {
    super();
  }

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pieces.push(piece);
    done();
  }

  override _flush(done: TransformCallback): void {
    // The plugin writes the answer as one piece: no copy then.
    const input = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces);
    this.pieces.length = 0;
    oneStepCompressions
      .run(() => new Promise<Buffer>((resolve, reject) => this.compress(input, outputSize(input), (error, out) => (error ? reject(error) : resolve(out)))))
      .then((out) => done(null, out), done);
  }
}

/**
 * The compress plugin's options for the fill chunks (1.3 MB of JSON each): its own
 * negotiation and headers, but its compressing streams swapped (its `zlib` option) for
 * `OneStepCompress`, whatever the size (`syncThreshold: 0`: no answer is compressed on
 * the event loop).
 */
export const ONE_STEP_COMPRESSION = {
  ...API_COMPRESSION,
  syncThreshold: 0,
  zlib: {
    createBrotliCompress: (options: zlib.BrotliOptions) =>
      new OneStepCompress((input, chunkSize, done) => zlib.brotliCompress(input, { ...options, chunkSize }, done)),
    createGzip: (options: zlib.ZlibOptions) => new OneStepCompress((input, chunkSize, done) => zlib.gzip(input, { ...options, chunkSize }, done)),
    createDeflate: (options: zlib.ZlibOptions) => new OneStepCompress((input, chunkSize, done) => zlib.deflate(input, { ...options, chunkSize }, done)),
    // Node 22.15 and later, where the plugin offers zstd and puts it first (Chrome asks for it).
    ...(typeof zlib.zstdCompress === 'function' && {
      createZstdCompress: (options: zlib.ZstdOptions) =>
        new OneStepCompress((input, chunkSize, done) => zlib.zstdCompress(input, { ...options, chunkSize }, done)),
    }),
  },
};
