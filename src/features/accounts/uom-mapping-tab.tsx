import { useState, type FormEvent } from 'react';
import { errorToastText, messages } from '../../domain/messages';
import { normaliseUomMapping, validateUomMapping } from '../../domain/rules/properties';
import type { UomMapping } from '../../domain/schemas/properties';
import { STANDARD_UOMS } from '../../domain/uom';
import { useOrgSetting } from '../../local/hooks/use-org-settings';
import { saveUomMapping } from '../../local/mutations/save-uom-mapping';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';
import { Actions, Card, Cards, CardTitle, Form, Muted } from './accounts.styles';

/** UOM Mapping of a supplier account: one card per standard unit with the account's own code. */
export function UomMappingTab({ orgId }: { orgId: string }) {
  const row = useOrgSetting('uomMappings', orgId);
  if (row === undefined) return null;
  // Remount when the held mapping first arrives, so the inputs start from it.
  return <UomMappingForm key={row ? 'held' : 'none'} orgId={orgId} held={(row?.mapping as UomMapping | undefined) ?? {}} />;
}

function UomMappingForm({ orgId, held }: { orgId: string; held: UomMapping }) {
  const { notify } = useSnackbar();
  const [mapping, setMapping] = useState<UomMapping>(held);
  const ready = validateUomMapping(mapping).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    try {
      await saveUomMapping(orgId, normaliseUomMapping(mapping));
      notify({ variant: 'success', message: messages.uomMappingSaved });
    } catch (error) {
      notify({ variant: 'error', message: errorToastText(null, error as Error) });
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="UOM Mapping">
      <Cards>
        {Object.entries(STANDARD_UOMS).map(([unit, entry]) => (
          <Card as="div" key={unit} aria-label={unit}>
            <CardTitle>
              {unit} · {entry.description}
            </CardTitle>
            <Muted>{entry.variations.join(', ')}</Muted>
            <Field label={`Code for ${unit}`} value={mapping[unit] ?? ''} onChange={(e) => setMapping((m) => ({ ...m, [unit]: e.target.value }))} />
          </Card>
        ))}
      </Cards>
      <Actions>
        <Button type="submit" disabled={!ready}>
          Save Mapping
        </Button>
      </Actions>
    </Form>
  );
}
