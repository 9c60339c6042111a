/**
 * Prints the CSS Chakra's provider puts in the page at run time (decision 046): the cascade layers'
 * order, the reset, the global styles and every design token as a custom property, exactly as
 * emotion writes them for the app's system (src/client/theme.ts). The browser's build makes it a
 * stylesheet of its own (vite.config.ts, chakraGlobalCss) and leaves the work out of the browser.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { appSystem } from '../src/client/theme';

const drawn = renderToString(<ChakraProvider value={appSystem()}>{null}</ChakraProvider>);
const styles = [...drawn.matchAll(/<style data-emotion="css-global [^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map(
  (match) => match[1] as string,
);
if (styles.length === 0 || drawn.replace(/<style[\s\S]*?<\/style>/g, '') !== '')
  throw new Error(`Chakra's provider drew something else than its global styles: ${drawn.slice(0, 200)}`);
process.stdout.write(`${styles.join('\n')}\n`);
