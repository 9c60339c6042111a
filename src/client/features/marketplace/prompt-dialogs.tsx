import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { InfoDialog } from '../../components/form-dialog';
import { LinkButton } from '../../components/link-button';
import type { MessageId } from '../../i18n/catalogue';
import { useIsolate } from '../../i18n/use-isolate';
import { useT } from '../../i18n/use-t';

interface PromptProps {
  open: boolean;
  onClose: () => void;
}

interface Login {
  to: string;
  label: MessageId;
}

const CUSTOMER_LOGIN: Login = { to: '/login-customer', label: 'marketplace.prompt.customerLogin' };
const VENDOR_LOGIN: Login = { to: '/login-vendor', label: 'marketplace.prompt.vendorLogin' };

interface SignInPromptProps extends PromptProps {
  title: string;
  description: string;
  /** The two sign-in pages, the likelier one first. */
  logins: [Login, Login];
  /** The words of the last button, to registration. */
  register: string;
  children?: ReactNode;
}

/** A dialog that asks a visitor to sign in: the two sign-in pages, then registration. */
function SignInPrompt({ logins: [first, second], register, children, ...dialog }: SignInPromptProps) {
  const t = useT();
  return (
    <InfoDialog {...dialog}>
      <Stack gap="3">
        {children}
        <LinkButton to={first.to} size="lg">
          {t(first.label)}
        </LinkButton>
        <LinkButton to={second.to} size="lg" variant="outline">
          {t(second.label)}
        </LinkButton>
        <LinkButton to="/register" size="lg" variant="ghost">
          {register}
        </LinkButton>
      </Stack>
    </InfoDialog>
  );
}

/**
 * What a visitor sees instead of contact details or the request form (spec sections 2 and 6):
 * Customer Login, Vendor Login and 'Create an account'.
 */
export function LoginToContactDialog({
  vendorName,
  title,
  ...prompt
}: PromptProps & { vendorName?: string; title?: string }) {
  const t = useT();
  const iso = useIsolate();
  return (
    <SignInPrompt
      {...prompt}
      title={title ?? t('marketplace.prompt.loginToContact')}
      description={
        vendorName
          ? t('marketplace.prompt.signInToReach', { name: iso(vendorName) })
          : t('marketplace.prompt.signInToSeeContacts')
      }
      logins={[CUSTOMER_LOGIN, VENDOR_LOGIN]}
      register={t('marketplace.prompt.createAccount')}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('marketplace.prompt.contactForRegistered')}
      </Text>
    </SignInPrompt>
  );
}

/** 'List Your Business' for a visitor: sign in as a vendor or a customer, or register. */
export function ListYourBusinessDialog(prompt: PromptProps) {
  const t = useT();
  return (
    <SignInPrompt
      {...prompt}
      title={t('marketplace.listBusiness.title')}
      description={t('marketplace.listBusiness.signIn', { brand: PRODUCT_NAME })}
      logins={[VENDOR_LOGIN, CUSTOMER_LOGIN]}
      register={t('marketplace.listBusiness.register')}
    />
  );
}
