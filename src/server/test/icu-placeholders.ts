import { createIntl } from 'react-intl/server';

interface AstElement {
  type: number;
  value?: string;
  options?: Record<string, { value: AstElement[] }>;
  children?: AstElement[];
}

/** The argument names of an ICU message, read from its parsed form (plural and select bodies too). */
export function placeholdersOf(message: string, locale: string): string[] {
  const intl = createIntl({ locale, messages: {} as never });
  const formatters = intl.formatters as unknown as {
    getMessageFormat(message: string, locale: string): { getAst(): AstElement[] };
  };
  const names = new Set<string>();
  const walk = (elements: AstElement[]) => {
    for (const element of elements) {
      // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural (FormatJS's TYPE).
      if (element.type >= 1 && element.type <= 6 && element.value) names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(formatters.getMessageFormat(message, locale).getAst());
  return [...names].sort();
}
