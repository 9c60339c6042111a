/**
 * The only script a page drawn by the server names (decision 025): once the browser has painted the
 * drawn page, it adds the app's entry and the modules the entry needs, which the page lists in a JSON
 * element. Until then the network and the CPU belong to the HTML, its styles and the first paint;
 * the links of the drawn page work meanwhile, and the app takes the page over when it arrives
 * (src/client/main.tsx). It imports only the small shared pieces of app-scripts.ts, so that it
 * stays a few kilobytes of its own.
 */
import {
  APP_SCRIPTS_ID,
  type AppScripts,
  isTypedField,
  ownedByReact,
  PAGE_HYDRATED_EVENT,
  RETYPED_MARK,
  TAKEN_OVER_EVENT,
  typedBeforeTakeover,
} from '../shared/app-scripts';
import { revealTab, TAB_ROW_SELECTOR } from './components/tab-scroll';

/**
 * Links added in one task at most. Each costs the browser a little (a request started, the link
 * inserted), more than the rest of the boot script: the app's twenty-odd at once made a long task of
 * their own on a slow phone (Lighthouse: about 100 ms at its 4x CPU).
 */
const LINKS_A_TASK = 4;

function preloadLink(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

function load(): void {
  const list = document.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!list) return;
  const { entry, preload } = JSON.parse(list) as AppScripts;
  const startEntry = () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // The entry goes once its own modules are asked for, a few a task.
  const steps = [...preload.map((href) => () => preloadLink(href)), startEntry];
  const next = () => {
    for (const step of steps.splice(0, LINKS_A_TASK)) step();
    if (steps.length > 0) setTimeout(next, 0);
  };
  next();
}

/**
 * Presses that arrive before the app has taken the page over. A drawn page's links work without it,
 * but its buttons do nothing yet, and a form would be sent the browser's way (a GET with its fields
 * in the address): such a press is held, and done again on the same element once the page is the
 * app's (its content hydrated and its effects run: PAGE_HYDRATED_EVENT), or HOLD_MS after the
 * takeover began whatever happens. Not sooner: React marks an element as its own while it renders it,
 * before that render is committed, and a render can still be set aside (a part waiting for code)
 * or thrown away (an update from above before it finished); a click it hears then is dropped.
 * Only the last press on each element is kept, so that a double tap does not open and close.
 */
const HOLD_MS = 15_000;
const held = new Map<Element, () => void>();
/** Whether the page's own content has been taken over (its boundary committed, PAGE_HYDRATED_EVENT). */
let pageHydrated = false;

function hold(event: Event): void {
  if (pageHydrated || !(event.target instanceof Element)) return;
  const form = event.type === 'submit' ? (event.target as HTMLFormElement) : null;
  const button = form ? null : event.target.closest('button, [role="button"]');
  if (!form && (!button || button.closest('a[href]'))) return;
  event.preventDefault();
  event.stopPropagation();
  const submitter = (event as SubmitEvent).submitter ?? undefined;
  const element = (form ?? button) as HTMLElement;
  held.delete(element);
  held.set(element, form ? () => form.requestSubmit(submitter) : () => element.click());
}

function pressHeld(): void {
  for (const [element, press] of held) if (element.isConnected) press();
  held.clear();
}

/**
 * Keys that move within a widget (the arrows between tabs, in a menu or a list of options) do nothing
 * on the server's HTML either, nor on a widget React has taken but whose state machine has not
 * started. They are held, in order, until the page is the app's (its content hydrated and its
 * effects run, or HOLD_MS after the takeover began), and pressed again then,
 * after focusing the widget again so that it knows where the focus is (it was focused before it had
 * an owner to hear of it). Enter and Space are the browser's: on a button they become the click
 * held above.
 */
const WIDGET = '[role="tab"], [role="menuitem"], [role="option"], [role="radio"], [role="treeitem"]';
const MOVING_KEY = /^(?:Arrow(?:Left|Right|Up|Down)|Home|End)$/;
const heldKeys: { widget: HTMLElement; init: KeyboardEventInit }[] = [];

function holdKey(event: KeyboardEvent): void {
  if (pageHydrated || !MOVING_KEY.test(event.key) || !(event.target instanceof Element)) return;
  const widget = event.target.closest<HTMLElement>(WIDGET);
  if (!widget) return;
  event.preventDefault();
  event.stopPropagation();
  const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
  heldKeys.push({
    widget,
    init: { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true },
  });
}

/** The next task: the widget's owner has drawn what the last event changed by then. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function pressHeldKeys(): Promise<void> {
  let focused: HTMLElement | null = null;
  for (const { widget, init } of heldKeys.splice(0)) {
    if (!widget.isConnected || !ownedByReact(widget)) continue;
    if (focused !== widget && document.activeElement === widget) {
      widget.blur();
      widget.focus();
      await nextTask();
    }
    focused = widget;
    widget.dispatchEvent(new KeyboardEvent('keydown', init));
    await nextTask();
  }
}

document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
document.addEventListener('keydown', holdKey, true);

/**
 * Typing into a drawn page's fields before the app owns them. The browser keeps the text, and React
 * takes the field over as it is; but a form fills its fields from its own values as it mounts (a
 * blank form, or the row being edited), which would wipe what was typed. Each field's last value is
 * kept here, for the form to put back once it has filled them (src/client/lib/typed-before-takeover.ts).
 * Once the page is the app's, typing into a field the app owns is the app's own business, and
 * sending a form ends what any field typed before meant.
 */
const typed = typedBeforeTakeover();

function noteTyping(event: Event): void {
  const field = event.target;
  if (RETYPED_MARK in event || !isTypedField(field)) return;
  if (pageHydrated && ownedByReact(field)) typed.delete(field);
  else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    typed.set(field, field.checked);
  } else typed.set(field, field.value);
}

document.addEventListener('input', noteTyping, true);
document.addEventListener('change', noteTyping, true);
document.addEventListener('submit', () => pageHydrated && typed.clear(), true);
function whenPageHydrated(): void {
  if (pageHydrated) return;
  pageHydrated = true;
  setTimeout(() => {
    // A widget focused while it was the server's HTML is focused again, for its owner to hear of it
    // (its arrow keys move from where the focus is only once it knows); then the keys held go.
    const focused = document.activeElement;
    pressHeld();
    if (heldKeys.length > 0) void pressHeldKeys();
    else if (focused instanceof HTMLElement && focused.matches(WIDGET) && ownedByReact(focused)) {
      focused.blur();
      focused.focus();
    }
  }, 0);
}

document.addEventListener(PAGE_HYDRATED_EVENT, whenPageHydrated);
// A drawn page whose layout never says so (or a takeover that failed) holds no key for longer than a press.
document.addEventListener(TAKEN_OVER_EVENT, () => setTimeout(whenPageHydrated, HOLD_MS), { once: true });

/**
 * A drawn page's rows of tabs that scroll sideways (a dashboard's, on a phone) show their open tab,
 * as the app will once it has the page: left to the app, the row jumped at the takeover.
 */
for (const row of document.querySelectorAll<HTMLElement>(TAB_ROW_SELECTOR)) {
  const open = row.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (open) revealTab(row, open, false);
}

// The frame after the next one: the drawn page has been painted by then.
requestAnimationFrame(() => setTimeout(load, 0));
