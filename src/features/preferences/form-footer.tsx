import { Button } from '../../ui/button/Button';
import { ButtonRow, StatusText } from '../../ui/form-parts';
import { FormErrors } from '../../ui/form-errors';

/** Save, the form's own errors, and "Waiting to be sent" while the change is queued. */
export function FormFooter({ formErrors, waiting, saveLabel = 'Save' }: { formErrors: string[]; waiting: boolean; saveLabel?: string }) {
  return (
    <>
      <FormErrors errors={formErrors} />
      <ButtonRow>
        <Button type="submit">{saveLabel}</Button>
        {waiting && <StatusText role="status">Waiting to be sent</StatusText>}
      </ButtonRow>
    </>
  );
}
