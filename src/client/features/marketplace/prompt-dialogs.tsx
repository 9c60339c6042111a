import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { InfoDialog } from '../../components/form-dialog';

interface PromptProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What a visitor sees instead of contact details or the request form (spec sections 2 and 6):
 * Customer Login, Vendor Login and 'Create an account'.
 */
export function LoginToContactDialog({
  open,
  onClose,
  vendorName,
  title = 'Login to Contact',
}: PromptProps & { vendorName?: string; title?: string }) {
  return (
    <InfoDialog
      open={open}
      onClose={onClose}
      title={title}
      description={
        vendorName
          ? `Sign in to see how to reach ${vendorName} and to send availability requests.`
          : 'Sign in to see vendor contact details and to send availability requests.'
      }
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          Contact information is available to registered users
        </Text>
        <Button asChild size="lg">
          <RouterLink to="/login-customer">Customer Login</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/login-vendor">Vendor Login</RouterLink>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <RouterLink to="/register">Create an account</RouterLink>
        </Button>
      </Stack>
    </InfoDialog>
  );
}

/** 'List Your Business' for a visitor: sign in as a vendor or a customer, or register. */
export function ListYourBusinessDialog({ open, onClose }: PromptProps) {
  return (
    <InfoDialog
      open={open}
      onClose={onClose}
      title="List Your Business"
      description="Sign in or create an account to list your business on SimchaHub."
    >
      <Stack gap="3">
        <Button asChild size="lg">
          <RouterLink to="/login-vendor">Vendor Login</RouterLink>
        </Button>
        <Button asChild size="lg" variant="outline">
          <RouterLink to="/login-customer">Customer Login</RouterLink>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <RouterLink to="/register">Register</RouterLink>
        </Button>
      </Stack>
    </InfoDialog>
  );
}
