/**
 * The only script a page drawn by the server names (decision 025): once the browser has painted the
 * drawn page, it adds the app's entry and the modules the entry needs, which the page lists in a JSON
 * element. Until then the network and the CPU belong to the HTML, its styles and the first paint;
 * the links of the drawn page work meanwhile, and the app takes the page over when it arrives
 * (src/client/main.tsx). It imports nothing but a string, so that it stays a few hundred bytes of
 * its own.
 */
import { APP_SCRIPTS_ID, type AppScripts } from '../shared/app-scripts';

function load(): void {
  const list = document.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!list) return;
  const { entry, preload } = JSON.parse(list) as AppScripts;
  for (const href of preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// The frame after the next one: the drawn page has been painted by then.
requestAnimationFrame(() => setTimeout(load, 0));
