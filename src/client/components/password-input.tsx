import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

/** A password field with a show/hide toggle; use inside a Field.Root so that the label points at it. */
export function PasswordInput(props: Omit<InputProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ px: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          // Named without the word "password", so that the field's label stays the only match for it.
          aria-label={visible ? 'Hide characters' : 'Show characters'}
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible((v) => !v)}
          color="fg.muted"
        >
          {visible ? <EyeOffIcon boxSize="5" /> : <EyeIcon boxSize="5" />}
        </IconButton>
      }
    >
      <Input {...props} type={visible ? 'text' : 'password'} pe="12" />
    </InputGroup>
  );
}
