import { DEFAULT_PALETTE } from '../../domain/theme-palette';
import { saveThemePalette, resetThemePalette, useThemePalette } from '../../local/theme/theme-palette';
import { Button } from '../../ui/button/Button';
import { Field } from '../../ui/field/Field';
import { SwitchField } from '../../ui/field/SwitchField';
import { ButtonRow } from '../../ui/form-parts';
import { Form, Row } from './settings.styles';

/** Every change applies at once and is kept in this browser. */
export function ThemeForm() {
  const palette = useThemePalette();
  const isDefault =
    palette.primary.toLowerCase() === DEFAULT_PALETTE.primary.toLowerCase() &&
    palette.secondary.toLowerCase() === DEFAULT_PALETTE.secondary.toLowerCase() &&
    palette.type === DEFAULT_PALETTE.type;

  return (
    <Form onSubmit={(event) => event.preventDefault()}>
      <SwitchField
        label="Dark mode"
        checked={palette.type === 'dark'}
        onCheckedChange={(dark) => saveThemePalette({ ...palette, type: dark ? 'dark' : 'light' })}
      />
      <Row>
        <Field
          label="Primary colour"
          type="color"
          value={palette.primary}
          onChange={(event) => saveThemePalette({ ...palette, primary: event.target.value })}
        />
        <Field
          label="Secondary colour"
          type="color"
          value={palette.secondary}
          onChange={(event) => saveThemePalette({ ...palette, secondary: event.target.value })}
        />
      </Row>
      <ButtonRow>
        <Button variant="outlined" disabled={isDefault} onClick={resetThemePalette}>
          Reset to defaults
        </Button>
      </ButtonRow>
    </Form>
  );
}
