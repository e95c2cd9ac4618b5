import { Button } from '../../ui/button/Button';
import { Actions, FormErrors, Status } from './preferences.styles';

/** Save, the form's own errors, and "Waiting to be sent" while the change is queued. */
export function FormFooter({ formErrors, waiting, saveLabel = 'Save' }: { formErrors: string[]; waiting: boolean; saveLabel?: string }) {
  return (
    <>
      {formErrors.length > 0 && (
        <FormErrors role="alert">
          {formErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </FormErrors>
      )}
      <Actions>
        <Button type="submit">{saveLabel}</Button>
        {waiting && <Status role="status">Waiting to be sent</Status>}
      </Actions>
    </>
  );
}
