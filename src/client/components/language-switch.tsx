import { Button, type ButtonProps } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { LANGUAGE_NAMES } from '../../shared/i18n';
import { useLanguage } from '../i18n/language';
import { useT } from '../i18n/use-t';

/**
 * The header's language switch: names the other language in itself ("עברית", "English"), in that
 * language for screen readers, and shows the app in it at once.
 */
export function LanguageSwitch({
  size = 'sm',
  ...rest
}: Pick<
  ButtonProps,
  'size' | 'w' | 'justifyContent' | 'color' | '_hover' | 'focusRingColor' | 'px' | 'gap'
>) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const other = language === 'he' ? 'en' : 'he';
  return (
    <Button
      variant="ghost"
      size={size}
      color="fg.muted"
      lang={other}
      title={t('common.language.switchTo', { language: LANGUAGE_NAMES[other] })}
      onClick={() => void setLanguage(other)}
      {...rest}
    >
      <Languages aria-hidden />
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
