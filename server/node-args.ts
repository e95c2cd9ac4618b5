/**
 * Node's options for the server process. V8 sizes its heap when the process starts, so
 * they go on the command line (`npm start`, `npm run serve`, and every test and
 * benchmark that starts the server), not into code that runs later.
 *
 * `--max-semi-space-size=64`: the young generation's semi-spaces at 64 MB instead of
 * V8's 16. A buyer's fill chunk (1.3 MB of JSON) or a changes-feed page allocates far more
 * than its answer while it is built (a feed page about 0.75 MB); with 16 MB, scavenges
 * found answers in flight and promoted them, and the old generation's collections ran
 * on the event loop (22 to 29 ms each) and in V8's marking threads on the same 2 cores.
 * Measured in turn on this machine: the fill chunk at 30 a second, the server's CPU
 * 37.5 → 31.1 ms a chunk and p99 275 → 48.5 ms; V8's helper threads 0.8 → 0.03 ms of
 * CPU a feed page; the buyer's 100,000 products mirrored in 4.39 and 4.08 s → 4.11 and
 * 3.37 s. cXML orders moved within the machine's noise. It costs up to about 0.4 GB
 * more resident memory under load.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
