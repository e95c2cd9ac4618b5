import { describe, expect, it } from 'vitest';
import { holdAcceptedBytes, takeAcceptedBytes } from '../../server/intake/accepted-bytes';

const MiB = 1024 * 1024;
let n = 0;
const key = () => `intake/2026-11-27/email-test-${n++}`;

describe("a mail's bytes held for its job", () => {
  it('are given once, to the first job that asks; the next reads the blob store', () => {
    const k = key();
    const bytes = Buffer.from('From: a@b.test\r\n\r\nHello');
    holdAcceptedBytes(k, bytes);
    expect(takeAcceptedBytes(k)).toBe(bytes);
    expect(takeAcceptedBytes(k)).toBeNull();
  });

  it('are dropped after a minute, when a job elsewhere took the message', () => {
    const now = Date.now();
    const old = key();
    holdAcceptedBytes(old, Buffer.alloc(10), now);
    holdAcceptedBytes(key(), Buffer.alloc(10), now + 61_000);
    expect(takeAcceptedBytes(old)).toBeNull();
  });

  it('are 32 MiB at most, the oldest dropped first, and a mail over 4 MiB is not held at all', () => {
    const now = Date.now();
    const keys = Array.from({ length: 9 }, key);
    for (const k of keys) holdAcceptedBytes(k, Buffer.alloc(4 * MiB), now);
    expect(takeAcceptedBytes(keys[0]!)).toBeNull();
    expect(takeAcceptedBytes(keys[8]!)?.length).toBe(4 * MiB);
    const large = key();
    holdAcceptedBytes(large, Buffer.alloc(4 * MiB + 1), now);
    expect(takeAcceptedBytes(large)).toBeNull();
    expect(takeAcceptedBytes(keys[1]!)?.length).toBe(4 * MiB);
  });
});
