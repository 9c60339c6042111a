import { Button, type ButtonProps } from '@chakra-ui/react';
import { Languages } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { LANGUAGE_NAMES, type Language } from '../../shared/i18n';
import { useLanguage } from '../i18n/language';
import { useT } from '../i18n/use-t';
import { useCurrentUser } from '../lib/session';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';

/** Saves a signed-in person's language in their profile, so that it follows them to every device. */
function useSaveLanguage(): (language: Language) => void {
  const { user } = useCurrentUser();
  const utils = trpc.useUtils();
  const t = useT();
  const update = trpc.profile.update.useMutation({
    onSuccess: ({ user: saved }) => utils.auth.session.setData(undefined, { user: saved }),
    onError: (error) => toast.failed(t('common.language.saveFailed'), error),
  });
  return (language) => {
    // A preference of its own: saved without the profile's version, so that it never meets a stale edit.
    if (user && user.language !== language) update.mutate({ language });
  };
}

/**
 * The header's language switch: names the other language in itself ("עברית", "English"), in that
 * language for screen readers, shows the app in it at once, and saves it to a signed-in person's
 * profile.
 */
export function LanguageSwitch({
  size = 'sm',
  ...rest
}: Pick<
  ButtonProps,
  'size' | 'w' | 'justifyContent' | 'color' | '_hover' | 'focusRingColor' | 'px' | 'gap'
>) {
  const { language, setLanguage } = useLanguage();
  const save = useSaveLanguage();
  const t = useT();
  const other = language === 'he' ? 'en' : 'he';
  return (
    <Button
      variant="ghost"
      size={size}
      color="fg.muted"
      lang={other}
      title={t('common.language.switchTo', { language: LANGUAGE_NAMES[other] })}
      onClick={() => {
        void setLanguage(other);
        save(other);
      }}
      {...rest}
    >
      <Languages aria-hidden />
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}

/**
 * A signed-in person's saved language becomes the page's: once for each account the page sees (after
 * signing in, or on a device the page was opened on in another language). A switch afterwards is the
 * person's own choice, saved by LanguageSwitch, and is not undone here.
 */
export function FollowAccountLanguage() {
  const { user } = useCurrentUser();
  const { language, setLanguage } = useLanguage();
  const adopted = useRef<string | null>(null);
  useEffect(() => {
    if (!user || adopted.current === user.id) return;
    adopted.current = user.id;
    if (user.language !== language) void setLanguage(user.language);
  }, [user, language, setLanguage]);
  return null;
}
