import { matchingMessages as m } from '../../domain/matching-messages';
import { Button } from '../../ui/button/Button';
import { ErrorButtonRow, OfflineReason } from './invoice-detail.styles';

/** Opens 'Correct Invoice'; an exported invoice says why it cannot be corrected any more. */
export function InvoiceCorrectButton({ exported, onCorrect }: { exported: boolean; onCorrect(): void }) {
  return (
    <ErrorButtonRow>
      <Button variant="outlined" onClick={onCorrect} disabled={exported} aria-describedby={exported ? 'correct-reason' : undefined}>
        Correct Fields
      </Button>
      {exported && <OfflineReason id="correct-reason">{m.correctExported}</OfflineReason>}
    </ErrorButtonRow>
  );
}
