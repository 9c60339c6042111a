import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { InfoDialog } from '../../components/form-dialog';
import { LinkButton } from '../../components/link-button';

interface PromptProps {
  open: boolean;
  onClose: () => void;
}

interface Login {
  to: string;
  label: string;
}

const CUSTOMER_LOGIN: Login = { to: '/login-customer', label: 'Customer Login' };
const VENDOR_LOGIN: Login = { to: '/login-vendor', label: 'Vendor Login' };

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
  return (
    <InfoDialog {...dialog}>
      <Stack gap="3">
        {children}
        <LinkButton to={first.to} size="lg">
          {first.label}
        </LinkButton>
        <LinkButton to={second.to} size="lg" variant="outline">
          {second.label}
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
  title = 'Login to Contact',
  ...prompt
}: PromptProps & { vendorName?: string; title?: string }) {
  return (
    <SignInPrompt
      {...prompt}
      title={title}
      description={
        vendorName
          ? `Sign in to see how to reach ${vendorName} and to send availability requests.`
          : 'Sign in to see vendor contact details and to send availability requests.'
      }
      logins={[CUSTOMER_LOGIN, VENDOR_LOGIN]}
      register="Create an account"
    >
      <Text fontSize="sm" color="fg.muted">
        Contact information is available to registered users
      </Text>
    </SignInPrompt>
  );
}

/** 'List Your Business' for a visitor: sign in as a vendor or a customer, or register. */
export function ListYourBusinessDialog(prompt: PromptProps) {
  return (
    <SignInPrompt
      {...prompt}
      title="List Your Business"
      description="Sign in or create an account to list your business on SimchaHub."
      logins={[VENDOR_LOGIN, CUSTOMER_LOGIN]}
      register="Register"
    />
  );
}
