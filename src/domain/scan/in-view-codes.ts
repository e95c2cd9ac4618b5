/**
 * Which barcodes have just come into the camera's view. A barcode that stays in view
 * counts once; it counts again only after it has left the view. A reader misses a code
 * in the odd frame (blur, glare), so a code has left only once it has been missing from
 * `framesToLeave` frames in a row.
 */
export class InViewCodes {
  private readonly missing = new Map<string, number>();

  constructor(private readonly framesToLeave = 3) {}

  /** The codes of one frame; answers those that entered the view with it. */
  frame(codes: Iterable<string>): string[] {
    const seen = new Set(codes);
    const entered: string[] = [];
    for (const code of seen) {
      if (!this.missing.has(code)) entered.push(code);
      this.missing.set(code, 0);
    }
    for (const [code, frames] of this.missing) {
      if (seen.has(code)) continue;
      if (frames + 1 >= this.framesToLeave) this.missing.delete(code);
      else this.missing.set(code, frames + 1);
    }
    return entered;
  }

  /** Forgets everything in view, as when the scan restarts. */
  clear(): void {
    this.missing.clear();
  }
}
