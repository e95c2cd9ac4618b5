const CONTROLS = 'a, button, input, select, textarea, label, [role="switch"], [role="checkbox"], [role="button"]';

/** True when an event began on a control inside the row (it acts on its own, not as "open the row"). */
export function isFromControl(target: EventTarget | null, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const control = target.closest(CONTROLS);
  return control !== null && control !== row && row.contains(control);
}
