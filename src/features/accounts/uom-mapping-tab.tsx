import { useState, type FormEvent } from 'react';
import { errorToastText, messages } from '../../domain/messages';
import { normaliseUomMapping, validateUomMapping } from '../../domain/rules/properties';
import type { UomMapping, UomStandardEntry } from '../../domain/schemas/properties';
import { touchesRow } from '../../local/hooks/use-latest-entry';
import { useOrgSetting } from '../../local/hooks/use-org-settings';
import { useStandardUnits } from '../../local/hooks/use-standard-units';
import { saveUomMapping } from '../../local/mutations/save-uom-mapping';
import { scopeId } from '../../local/db/store-keys';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { useRefusal } from './use-refusal';
import { ButtonRow, FormStack } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';
import { MutedText } from '../../ui/page';
import { Card, Cards, CardTitle } from './accounts.styles';

const NO_MAPPING: UomMapping = {};

/**
 * UOM Mapping of a supplier account: one card per standard unit (the server's list, held
 * for offline use once seen) with the account's own code.
 */
export function UomMappingTab({ orgId }: { orgId: string }) {
  const row = useOrgSetting('uomMappings', orgId);
  const units = useStandardUnits();
  if (row === undefined || units === undefined) return null;
  if (units === null) return <MutedText role="status">{messages.standardUnitsNotLoaded}</MutedText>;
  return <UomMappingForm orgId={orgId} units={units} held={row?.mapping ?? NO_MAPPING} />;
}

interface UomMappingFormProps {
  orgId: string;
  units: Record<string, UomStandardEntry>;
  held: UomMapping;
}

function UomMappingForm({ orgId, units, held }: UomMappingFormProps) {
  const { notify } = useSnackbar();
  // The form follows the held mapping (its optimistic row, then the server's) until edited.
  const [edited, setEdited] = useState<UomMapping | null>(null);
  const mapping = edited ?? held;
  const ready = validateUomMapping(mapping).length === 0;
  // The rules name a unit first ('KG is not ...'); the space keeps 'L' from taking 'LBS is not ...'.
  const labels = Object.fromEntries(Object.keys(units).map((unit) => [unit, `${unit} `]));
  const row = { table: 'uomMappings' as const, scope: scopeId('org', orgId), key: orgId };
  const refusal = useRefusal((e) => touchesRow(e, row), [row.scope, orgId], labels, (entry) => setEdited((entry.body ?? {}) as UomMapping));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || refusal.waiting) return;
    try {
      // Online the form waits for the server's answer; a refusal stays here with what was typed.
      await refusal.send(saveUomMapping(orgId, normaliseUomMapping(mapping)), () => {
        notify({ variant: 'success', message: messages.uomMappingSaved });
        setEdited(null);
      });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  return (
    <FormStack onSubmit={(e) => void submit(e)} noValidate aria-label="UOM Mapping">
      <Cards>
        {Object.entries(units).map(([unit, entry]) => (
          <Card as="div" key={unit} aria-label={unit}>
            <CardTitle>
              {unit} · {entry.description}
            </CardTitle>
            <MutedText>{entry.variations.join(', ')}</MutedText>
            <Field
              label={`Code for ${unit}`}
              value={mapping[unit] ?? ''}
              onChange={(e) => {
                refusal.clear();
                setEdited({ ...mapping, [unit]: e.target.value });
              }}
              error={refusal.fields[unit]}
            />
          </Card>
        ))}
      </Cards>
      {refusal.waiting && <MutedText role="status">Saving…</MutedText>}
      <FormErrors errors={refusal.form} label="UOM Mapping not saved" />
      <ButtonRow>
        <Button type="submit" disabled={!ready || refusal.waiting}>
          Save Mapping
        </Button>
      </ButtonRow>
    </FormStack>
  );
}
