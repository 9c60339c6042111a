import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n';
import type { QuoteDto } from '../../../shared/schemas/booking-answers';
import { fixedCatalogues } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { LanguageProvider } from '../../i18n/language';
import { appSystem } from '../../theme';
import { familyConversationLink, quoteToShow, RequestQuoteSummary } from './request-quote';

const quote = (over: Partial<QuoteDto> = {}): QuoteDto => ({
  id: '00000000-0000-4000-8000-000000000010',
  version: 1,
  requestId: '00000000-0000-4000-8000-000000000020',
  vendorId: '00000000-0000-4000-8000-000000000030',
  businessName: 'Hora Nights',
  threadId: '00000000-0000-4000-8000-000000000040',
  price: '2500.00',
  priceMin: null,
  priceMax: null,
  includes: 'Five musicians, four hours',
  depositAmount: '500.00',
  depositDueDate: '2027-02-01',
  validUntil: '2027-01-15',
  attachments: [],
  status: 'sent',
  answeredAt: null,
  bookingId: null,
  createdAt: new Date('2026-11-29T12:00:00Z'),
  ...over,
});

const catalogues = fixedCatalogues({ en, he });

/** The markup without its styles and React's text separators. */
const render = (q: QuoteDto, conversation: string | null, language: Language = 'en') =>
  renderToString(
    <LanguageProvider initial={language} catalogues={catalogues}>
      <ChakraProvider value={appSystem()}>
        <MemoryRouter>
          <RequestQuoteSummary quote={q} conversation={conversation} />
        </MemoryRouter>
      </ChakraProvider>
    </LanguageProvider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<!-- -->/g, '');

/** What the markup reads as, without its elements. */
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe("a quoted request on the family's Vendors tab", () => {
  it('shows the open quote: price, deposit, valid-until and the way to accept it', () => {
    const html = render(quote(), familyConversationLink('00000000-0000-4000-8000-000000000040'));
    expect(html).toContain('$2,500.00');
    expect(text(html)).toContain('Deposit $500.00 due Mon, Feb 1, 2027');
    expect(text(html)).toContain('Valid until Fri, Jan 15, 2027');
    expect(html).toContain('href="/messages?thread=00000000-0000-4000-8000-000000000040"');
    expect(html).toContain('Open the conversation to accept or decline it');
  });

  it('shows a range, no deposit, and an expired quote as expired', () => {
    const html = render(
      quote({
        price: null,
        priceMin: '2000.00',
        priceMax: '3000.00',
        depositAmount: null,
        depositDueDate: null,
        status: 'expired',
      }),
      null,
    );
    expect(html).toContain('$2,000.00');
    expect(html).toContain('$3,000.00');
    expect(html).toContain('No deposit');
    expect(text(html)).toContain('Expired on Fri, Jan 15, 2027');
    expect(html).not.toContain('href=');
  });

  it('reads in Hebrew on a Hebrew page: its words, dates and amounts', () => {
    const html = text(render(quote(), null, 'he'));
    expect(html).toContain('הצעת מחיר ממתינה לתשובתכם');
    expect(html).toContain('מקדמה של');
    expect(html).toContain('500.00');
    expect(html).toContain('בתוקף עד יום ו׳, 15 בינו׳ 2027');
    expect(html).not.toMatch(/Deposit|Valid until/);
  });

  it('picks the open quote, else the newest if it expired, else none', () => {
    const open = quote({ id: '00000000-0000-4000-8000-000000000011' });
    const replaced = quote({ status: 'withdrawn' });
    expect(quoteToShow([open, replaced])).toBe(open);
    const expired = quote({ status: 'expired' });
    expect(quoteToShow([expired, replaced])).toBe(expired);
    expect(quoteToShow([quote({ status: 'declined' })])).toBeUndefined();
    expect(quoteToShow([])).toBeUndefined();
  });
});
