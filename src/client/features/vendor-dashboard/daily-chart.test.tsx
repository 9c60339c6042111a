import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../shared/i18n';
import { fixedCatalogues } from '../../i18n/catalogue';
import en from '../../i18n/en';
import he from '../../i18n/he';
import { LanguageProvider } from '../../i18n/language';
import { appSystem } from '../../theme';
import { DailyChart } from './daily-chart';

const days = [
  { day: '2027-03-01', views: 1200, uniqueVisitors: 3 },
  { day: '2027-03-02', views: 0, uniqueVisitors: 0 },
];

const catalogues = fixedCatalogues({ en, he });

const draw = (language: Language) =>
  renderToString(
    <LanguageProvider initial={language} catalogues={catalogues}>
      <ChakraProvider value={appSystem()}>
        <DailyChart
          title="Views per day"
          summary="1,200 views"
          days={days}
          series={[
            { key: 'views', label: 'Views', color: 'brand.solid' },
            { key: 'uniqueVisitors', label: 'Unique visitors', color: 'gold.fg' },
          ]}
          kind="line"
          testId="chart"
        />
      </ChakraProvider>
    </LanguageProvider>,
  );

describe("a daily chart's table", () => {
  it('is in English as it was: the day column, dates and counts', () => {
    const html = draw('en');
    expect(html).toContain('>Day<');
    expect(html).toContain('Mon, Mar 1, 2027');
    expect(html).toContain('1,200');
    expect(html).toContain('Show as table');
  });

  it("is in Hebrew on a Hebrew page: the day column's name, Hebrew dates and the button", () => {
    const html = draw('he');
    expect(html).toContain('>יום<');
    expect(html).toContain('1 במרץ 2027');
    expect(html).toContain('הצגה כטבלה');
    expect(html).not.toContain('Show as table');
  });
});
