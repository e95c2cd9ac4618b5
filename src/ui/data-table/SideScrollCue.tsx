import type { SideScroll } from './use-side-scroll';
import { Cue } from './side-scroll-cue.styles';

/**
 * The shaded edge and arrow that say a table holds more columns to one side: a table too
 * wide for its box scrolls sideways instead of clipping, and this shows that it does.
 * Screen readers reach every cell anyway, so the cue is for the eye only.
 */
export function SideScrollCue({ scroll }: { scroll: SideScroll }) {
  return (
    <>
      {scroll.before && (
        <Cue data-scroll-cue="before" $side="before" aria-hidden="true">
          ‹
        </Cue>
      )}
      {scroll.after && (
        <Cue data-scroll-cue="after" $side="after" aria-hidden="true">
          ›
        </Cue>
      )}
    </>
  );
}
