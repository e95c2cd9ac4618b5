import { useEffect, useState, type FormEvent } from 'react';
import { errorToastTextOf } from '../../local/online/server-answers';
import { errorsByField } from '../../domain/rules/errors-by-field';
import { useFormCommand } from '../../local/hooks/use-form-command';
import type { EntryState } from '../../local/hooks/use-latest-entry';
import { useOnSent } from '../../local/hooks/use-on-sent';
import type { OutboxEntry } from '../../local/db/store-rows';
import { useSnackbar } from '../../ui/snackbar/use-snackbar';

interface SettingFormOptions<F extends string> {
  /** The values held (undefined while read); the form starts from them and follows them until edited. */
  held: Record<F, string> | undefined;
  labels: Record<F, string>;
  validate(values: Record<F, string>): string[];
  save(values: Record<F, string>): Promise<OutboxEntry>;
  /** The spec's toast, shown once the server took the change. */
  savedMessage: string;
  /** The newest outbox entry of this setting (a change made offline, or before a reload): waiting, or refused with the server's errors. */
  entry: EntryState | null | undefined;
}

/**
 * A preference form: edits stay in the form, Save checks the rules (errors at their
 * fields) and sends the command. Online the form waits for the server: taken, the
 * spec's toast; refused, the errors at the fields and the typed values kept
 * (useFormCommand). A change made offline waits on this device; its refusal comes
 * back at the fields while the form is open, and to "Changes not sent" once it is not.
 */
export function useSettingForm<F extends string>({ held, labels, validate, save, savedMessage, entry }: SettingFormOptions<F>) {
  const { notify } = useSnackbar();
  const [edited, setEdited] = useState<Record<F, string> | null>(null);
  const [checked, setChecked] = useState<string[] | null>(null);
  const [refused, setRefused] = useState<string[] | null>(null);
  const track = useOnSent((message) => notify({ variant: 'success', message }));
  const command = useFormCommand({
    onSent: () => {
      notify({ variant: 'success', message: savedMessage });
      // The form follows the held values again: the server's, once the change is pulled.
      setEdited(null);
    },
    onRefused: setRefused,
  });
  const empty = Object.fromEntries(Object.keys(labels).map((k) => [k, ''])) as Record<F, string>;
  const values = edited ?? held ?? empty;

  // A refusal arriving later replaces the form's own check.
  useEffect(() => {
    if (entry?.state === 'failed') setChecked(null);
  }, [entry?.state]);

  const shown = checked ?? refused ?? (entry?.state === 'failed' ? entry.errors : []);
  const { fields: errors, form: formErrors } = errorsByField(shown, labels);

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setEdited(next);
    setRefused(null);
    if (checked) setChecked(validate(next));
  };

  /** Fills the whole form, e.g. with a row picked for editing. */
  const load = (next: Record<F, string>) => {
    setEdited(next);
    setChecked(null);
    setRefused(null);
  };

  const onSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (command.waiting) return;
    const problems = validate(values);
    setChecked(problems);
    setRefused(null);
    if (problems.length > 0) return;
    try {
      const change = save(values);
      // Offline, it is kept on this device: the toast comes once the server has it.
      if ((await command.send(change)) === 'queued') {
        track(await change, savedMessage);
        setEdited(null);
      }
      setChecked(null);
    } catch (error) {
      notify({ variant: 'error', message: errorToastTextOf(error) });
    }
  };

  return { values, setValue, load, errors, formErrors, onSubmit, waiting: command.waiting || entry?.state === 'pending' };
}
