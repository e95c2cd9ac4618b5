/**
 * A tablet's connection to a real server: offline until `online` is set, and then the
 * answer to its first POST is lost after the server has committed it, so the outbox
 * must send it again and the server must answer from the stored Idempotency-Key.
 */
export function lossyTablet(real: typeof fetch) {
  const state = { online: false, posts: 0, loseNext: true };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const response = await real(input, init);
    if (init?.method === 'POST') state.posts += 1;
    if (state.loseNext && init?.method === 'POST') {
      state.loseNext = false;
      await response.arrayBuffer();
      throw new TypeError('connection reset');
    }
    return response;
  };
  return { fetch, state };
}
