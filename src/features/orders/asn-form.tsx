import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import type { FieldIssue } from '../../domain/messages';
import type { OrderLineRow } from '../../local/db/store-rows';
import { Field } from '../../ui/field/Field';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AsnAddressFields } from './asn-address-fields';
import type { AsnBody } from './asn-draft-model';
import { sortAsnErrors } from './asn-field-errors';
import { FieldGrid, FormStack } from '../../ui/form-parts';
import { ErrorSummary, type SummaryIssue } from '../../ui/error-summary';
import { FormErrors } from '../../ui/form-errors';
import { ErrorMark, LinesHeader } from './asn-form.styles';
import { AsnLinesTable } from './asn-lines-table';
import { SectionTitle } from './order-detail.styles';

interface AsnFormProps {
  value: AsnBody;
  onChange: (value: AsnBody) => void;
  readOnly: boolean;
  /** Rule errors (the form's own check or the server's), each shown at the field it names. */
  errors: readonly FieldIssue[];
  orderLines: readonly OrderLineRow[];
  remaining: ReadonlyMap<number, number> | null;
  /** Saves at once when a field is left. */
  onBlur?: () => void;
  /** Checks and sends the ASN; false when its rules refused it (the focus then goes to the error summary). */
  onSubmit?: () => boolean;
  /** Status line and buttons under the form. */
  footer: ReactNode;
  /** Buttons beside the Lines title (Scan). */
  linesActions?: ReactNode;
}

const SIDES = [
  ['shipFrom', 'Ship From'],
  ['shipTo', 'Ship To'],
] as const;

/** The ASN form: dates, carrier, Ship From and Ship To tabs, and the lines. */
export function AsnForm({ value, onChange, readOnly, errors, orderLines, remaining, onBlur, onSubmit, footer, linesActions }: AsnFormProps) {
  const { byField, general } = sortAsnErrors(errors, value);
  const errorOf = (field: string) => byField.get(field);
  const set = (patch: Partial<AsnBody>) => onChange({ ...value, ...patch });
  // Each input's id, so the error summary can link to it.
  const idPrefix = useId();
  const idOf = (field: string) => `${idPrefix}${field}`;
  const [shownSide, setShownSide] = useState<(typeof SIDES)[number][0]>('shipFrom');
  const summary = useRef<HTMLDivElement>(null);
  const [refusedSubmits, setRefusedSubmits] = useState(0);
  useEffect(() => {
    if (refusedSubmits > 0) summary.current?.focus();
  }, [refusedSubmits]);
  const summaryIssues: SummaryIssue[] = errors.flatMap(({ field, message }): SummaryIssue[] =>
    byField.has(field) ? [{ message, target: idOf(field) }] : general.includes(message) ? [{ message }] : [],
  );
  // A field behind the other address tab is shown before the summary's link focuses it.
  const reveal = (target: string) => {
    const onSide = SIDES.find(([s]) => target.startsWith(idOf(`${s}.`)));
    if (onSide) setShownSide(onSide[0]);
  };

  return (
    <FormStack
      aria-label="Advance ship notice"
      noValidate
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        if (onSubmit?.() === false) setRefusedSubmits((n) => n + 1);
      }}
    >
      <FormErrors errors={general} label="ASN errors" />
      <FieldGrid>
        <Field label="Order Number" value={value.orderNumber} readOnly id={idOf('orderNumber')} error={errorOf('orderNumber')} />
        <Field
          label="Issue Date"
          type="date"
          value={value.noticeDate}
          readOnly={readOnly}
          required
          id={idOf('noticeDate')}
          error={errorOf('noticeDate')}
          onChange={(event) => set({ noticeDate: event.target.value })}
        />
        <Field
          label="Expected Delivery Date"
          type="date"
          value={value.deliveryDate}
          readOnly={readOnly}
          id={idOf('deliveryDate')}
          error={errorOf('deliveryDate')}
          onChange={(event) => set({ deliveryDate: event.target.value })}
        />
        <Field
          label="Shipped Date"
          type="date"
          value={value.shipmentDate}
          readOnly={readOnly}
          required
          id={idOf('shipmentDate')}
          error={errorOf('shipmentDate')}
          onChange={(event) => set({ shipmentDate: event.target.value })}
        />
        <Field
          label="Carrier Name"
          value={value.carrierName}
          readOnly={readOnly}
          maxLength={ASN_FIELD_LENGTHS.carrierName}
          id={idOf('carrierName')}
          error={errorOf('carrierName')}
          onChange={(event) => set({ carrierName: event.target.value })}
        />
        <Field
          label="Tracking ID"
          value={value.trackingId}
          readOnly={readOnly}
          maxLength={ASN_FIELD_LENGTHS.trackingId}
          id={idOf('trackingId')}
          error={errorOf('trackingId')}
          onChange={(event) => set({ trackingId: event.target.value })}
        />
      </FieldGrid>
      <Tabs value={shownSide} onValueChange={(next) => setShownSide(next as typeof shownSide)}>
        <TabList aria-label="ASN addresses">
          {SIDES.map(([side, label]) => (
            <Tab key={side} value={side}>
              {label}
              {/* An error behind the other tab is flagged on the tab, since its field is not on screen. */}
              {[...byField.keys()].some((f) => f.startsWith(`${side}.`)) && <ErrorMark> (has errors)</ErrorMark>}
            </Tab>
          ))}
        </TabList>
        {SIDES.map(([side]) => (
          <TabPanel key={side} value={side}>
            <AsnAddressFields side={side} address={value[side]} readOnly={readOnly} errorOf={errorOf} idOf={idOf} onChange={(address) => set({ [side]: address })} />
          </TabPanel>
        ))}
      </Tabs>
      <section>
        <LinesHeader>
          <SectionTitle>Lines</SectionTitle>
          {linesActions}
        </LinesHeader>
        <AsnLinesTable
          lines={value.lines}
          orderLines={orderLines}
          remaining={remaining}
          readOnly={readOnly}
          errorOf={errorOf}
          idOf={idOf}
          onChange={(lines) => set({ lines })}
        />
      </section>
      <ErrorSummary ref={summary} issues={summaryIssues} reveal={reveal} />
      {footer}
    </FormStack>
  );
}
