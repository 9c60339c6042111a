import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../theme';
import { TruncatedText } from './truncated-text';

describe('TruncatedText', () => {
  it('is the text alone until it is measured cut short: no tooltip or portal for each of a list', () => {
    const html = renderToString(
      <ChakraProvider value={appSystem()}>
        <TruncatedText maxW="13rem">reservations.and.family.celebrations@example.com</TruncatedText>
      </ChakraProvider>,
    );
    expect(html).toContain('reservations.and.family.celebrations@example.com');
    expect(html).not.toContain('data-scope="tooltip"');
    expect(html).not.toContain('data-truncated');
    expect(html).not.toContain('tabindex');
  });
});
