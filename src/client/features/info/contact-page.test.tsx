import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { ADMIN_MESSAGES } from '../../../shared/schemas/admin';
import en from '../../i18n/en';
import { appSystem } from '../../theme';
import { ContactPage } from './contact-page';

describe('the Contact page', () => {
  it('lists the address a suspended account is told to write to', () => {
    const html = renderToString(
      <IntlProvider locale="en" messages={en}>
        <ChakraProvider value={appSystem()}>
          <MemoryRouter initialEntries={['/contact']}>
            <ContactPage />
          </MemoryRouter>
        </ChakraProvider>
      </IntlProvider>,
    );
    const named = /[\w.+-]+@[\w.-]+\.\w+/.exec(ADMIN_MESSAGES.suspendedSignIn)?.[0];
    expect(named).toBe(SUPPORT_EMAIL);
    expect(html).toContain(`mailto:${SUPPORT_EMAIL}`);
  });
});
