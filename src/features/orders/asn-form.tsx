import type { ReactNode } from 'react';
import { ASN_FIELD_LENGTHS } from '../../domain/constants';
import type { FieldIssue } from '../../domain/messages';
import type { OrderLineRow } from '../../sync/rows';
import { Field } from '../../ui/field/Field';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs/Tabs';
import { AsnAddressFields } from './asn-address-fields';
import type { AsnBody } from './asn-draft-model';
import { sortAsnErrors } from './asn-field-errors';
import { FieldGrid, FormStack } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { ErrorMark } from './asn-form.styles';
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
  onSubmit?: () => void;
  /** Status line and buttons under the form. */
  footer: ReactNode;
}

const SIDES = [
  ['shipFrom', 'Ship From'],
  ['shipTo', 'Ship To'],
] as const;

/** The ASN form: dates, carrier, Ship From and Ship To tabs, and the lines. */
export function AsnForm({ value, onChange, readOnly, errors, orderLines, remaining, onBlur, onSubmit, footer }: AsnFormProps) {
  const { byField, general } = sortAsnErrors(errors, value);
  const errorOf = (field: string) => byField.get(field);
  const set = (patch: Partial<AsnBody>) => onChange({ ...value, ...patch });

  return (
    <FormStack
      aria-label="Advance ship notice"
      noValidate
      onBlur={onBlur}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <FormErrors errors={general} label="ASN errors" />
      <FieldGrid>
        <Field label="Order Number" value={value.orderNumber} readOnly error={errorOf('orderNumber')} />
        <Field
          label="Issue Date"
          type="date"
          value={value.noticeDate}
          readOnly={readOnly}
          required
          error={errorOf('noticeDate')}
          onChange={(event) => set({ noticeDate: event.target.value })}
        />
        <Field
          label="Expected Delivery Date"
          type="date"
          value={value.deliveryDate}
          readOnly={readOnly}
          error={errorOf('deliveryDate')}
          onChange={(event) => set({ deliveryDate: event.target.value })}
        />
        <Field
          label="Shipped Date"
          type="date"
          value={value.shipmentDate}
          readOnly={readOnly}
          required
          error={errorOf('shipmentDate')}
          onChange={(event) => set({ shipmentDate: event.target.value })}
        />
        <Field
          label="Carrier Name"
          value={value.carrierName}
          readOnly={readOnly}
          maxLength={ASN_FIELD_LENGTHS.carrierName}
          error={errorOf('carrierName')}
          onChange={(event) => set({ carrierName: event.target.value })}
        />
        <Field
          label="Tracking ID"
          value={value.trackingId}
          readOnly={readOnly}
          maxLength={ASN_FIELD_LENGTHS.trackingId}
          error={errorOf('trackingId')}
          onChange={(event) => set({ trackingId: event.target.value })}
        />
      </FieldGrid>
      <Tabs defaultValue="shipFrom">
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
            <AsnAddressFields side={side} address={value[side]} readOnly={readOnly} errorOf={errorOf} onChange={(address) => set({ [side]: address })} />
          </TabPanel>
        ))}
      </Tabs>
      <section>
        <SectionTitle>Lines</SectionTitle>
        <AsnLinesTable
          lines={value.lines}
          orderLines={orderLines}
          remaining={remaining}
          readOnly={readOnly}
          errorOf={errorOf}
          onChange={(lines) => set({ lines })}
        />
      </section>
      {footer}
    </FormStack>
  );
}
