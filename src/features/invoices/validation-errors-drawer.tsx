import { messages } from '../../domain/messages';
import { validationErrorsOf } from '../../domain/invoice-display';
import { outcomeLabel } from '../../domain/rules/match-changes';
import type { InvoiceItem } from '../../domain/schemas/invoices';
import { Drawer } from '../../ui/drawer/Drawer';
import { ErrorList, Section, SectionTitle } from './invoice-detail.styles';
import { MutedText } from '../../ui/page';

const SECTIONS = [
  { level: 'general', title: 'General' },
  { level: 'header', title: 'Header' },
  { level: 'line', title: 'Line' },
] as const;

interface ValidationErrorsDrawerProps {
  /** The invoice whose errors are shown; null closes the drawer. */
  invoice: Pick<InvoiceItem, 'document' | 'matching' | 'intakeErrors'> | null;
  onClose: () => void;
}

/**
 * The side panel of an invoice's validation errors in its sections General, Header and
 * Line; a missing document is the general error 'Document extraction error.'.
 */
export function ValidationErrorsDrawer({ invoice, onClose }: ValidationErrorsDrawerProps) {
  const errors = invoice ? validationErrorsOf(invoice) : null;
  const title = invoice && !invoice.document ? messages.extractionError : messages.validationErrorsDetected;
  return (
    <Drawer open={invoice !== null} onOpenChange={(open) => !open && onClose()} title={title}>
      {invoice?.matching && (
        <Section aria-labelledby="validation-outcome">
          <SectionTitle id="validation-outcome">Matching</SectionTitle>
          <p>{outcomeLabel(invoice.matching)}</p>
        </Section>
      )}
      {errors &&
        SECTIONS.map(({ level, title: sectionTitle }) => (
          <Section key={level} aria-labelledby={`validation-${level}`}>
            <SectionTitle id={`validation-${level}`}>{sectionTitle}</SectionTitle>
            {errors[level].length === 0 ? (
              <MutedText>None</MutedText>
            ) : (
              <ErrorList>
                {errors[level].map((entry, i) => (
                  <li key={i}>{entry.error}</li>
                ))}
              </ErrorList>
            )}
          </Section>
        ))}
    </Drawer>
  );
}
