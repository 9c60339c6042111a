import {
  isTypedField,
  ownedByReact,
  RETYPED_MARK,
  type TypedField,
  typedBeforeTakeover,
} from '../../shared/app-scripts';

/** An event the boot script knows for the app's own (not the person's typing). */
function marked<E extends Event>(event: E): E {
  Object.defineProperty(event, RETYPED_MARK, { value: true });
  return event;
}

/** What each field's owner has been told of (below): told once, a field is not told again of the same. */
const told = new WeakMap<TypedField, string | boolean>();

/** Whether the field shows `value` now: its text, or whether its box is ticked. */
function shows(field: TypedField, value: string | boolean): boolean {
  return typeof value === 'boolean'
    ? field instanceof HTMLInputElement && field.checked === value
    : field.value === value;
}

/**
 * Sets a field as typing would, so that its owner hears of it: the value through the element's own
 * setter (past the copy React keeps to tell a change from its own writes), then the event a person's
 * input fires; a box to tick is clicked.
 *
 * React takes a field over as the browser shows it, typed text and all, but the component owning it
 * never heard of that text: its state still holds what the server drew (a place box would show
 * "Brookl" and look nothing up). A field that still shows what was typed is told once all the same:
 * React's copy of a box's value is set to the drawn value first (the setter React watches), so that
 * the event reads to it as the change it is.
 */
function retype(field: TypedField, value: string | boolean): void {
  if (told.get(field) === value && shows(field, value)) return;
  told.set(field, value);
  if (typeof value === 'boolean') {
    if (!(field instanceof HTMLInputElement)) return;
    // A click toggles the box (the browser's own doing, for a dispatched click too) and tells its owner.
    if (field.checked === value) field.checked = !value;
    field.dispatchEvent(marked(new MouseEvent('click', { bubbles: true, cancelable: true })));
    return;
  }
  // A list's owner hears every change event; a box's hears only a change from React's copy.
  if (!(field instanceof HTMLSelectElement) && field.value === value) {
    field.value = field.defaultValue === value ? '' : field.defaultValue;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(
    marked(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true })),
  );
}

/**
 * Puts back what a person typed into a drawn page's fields before the app took them over (noted by
 * src/client/boot.ts), where the app's first fill of a form has wiped it: called as a form mounts,
 * after a dialog's fill, and once the page is the app's (for fields kept in a component's state).
 * Fields the app does not own yet wait for their own form's call; fields gone from the page are forgotten.
 */
export function restoreTypedBeforeTakeover(): void {
  const typed = typedBeforeTakeover();
  for (const [field, value] of typed) {
    if (!field.isConnected) typed.delete(field);
    else if (ownedByReact(field)) retype(field, value);
  }
}

/**
 * Puts back what was typed into one field before the takeover, if anything was: for a form whose
 * fields the app takes over after the rest of the page (behind a boundary that waited for data or
 * code), called as each field is handed to the form (use-zod-form.ts).
 */
export function restoreFieldTypedBeforeTakeover(field: unknown): void {
  if (!isTypedField(field)) return;
  const value = typedBeforeTakeover().get(field);
  if (value !== undefined && ownedByReact(field)) retype(field, value);
}

/** Forgets what was typed before the takeover: a dialog closed with it, and the next opening starts blank. */
export function forgetTypedBeforeTakeover(): void {
  typedBeforeTakeover().clear();
}
