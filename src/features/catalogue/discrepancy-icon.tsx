/** The error mark of a product whose prices disagree with the buyer's contract (decorative: the wrapper names it). */
export const DiscrepancyIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z" />
  </svg>
);
