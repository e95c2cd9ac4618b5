import { Button } from '../../ui/button/Button';
import { ButtonRow, ErrorList, StatusText } from '../../ui/form-parts';

/** Save, the form's own errors, and "Waiting to be sent" while the change is queued. */
export function FormFooter({ formErrors, waiting, saveLabel = 'Save' }: { formErrors: string[]; waiting: boolean; saveLabel?: string }) {
  return (
    <>
      {formErrors.length > 0 && (
        <ErrorList role="alert">
          {formErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ErrorList>
      )}
      <ButtonRow>
        <Button type="submit">{saveLabel}</Button>
        {waiting && <StatusText role="status">Waiting to be sent</StatusText>}
      </ButtonRow>
    </>
  );
}
