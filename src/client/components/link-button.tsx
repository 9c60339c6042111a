import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A link to another page of the app, drawn as a button. */
export function LinkButton({ to, children, ...rest }: ButtonProps & { to: string }) {
  return (
    <Button asChild {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
