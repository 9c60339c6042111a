import { Icon, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A password field with a show/hide toggle; use inside a Field.Root so that the label points at it.
 * The ref reaches the input, so a form library can focus the field that holds an error.
 */
export function PasswordInput({ ref, ...props }: Omit<InputProps, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <InputGroup
      endElementProps={{ px: '1' }}
      endElement={
        <IconButton
          type="button"
          variant="ghost"
          size="sm"
          // Named without the word "password", so that the field's label stays the only match for it.
          aria-label={visible ? t('common.password.hide') : t('common.password.show')}
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible((v) => !v)}
          color="fg.muted"
        >
          {visible ? (
            <Icon boxSize="5">
              <EyeOff />
            </Icon>
          ) : (
            <Icon boxSize="5">
              <Eye />
            </Icon>
          )}
        </IconButton>
      }
    >
      <Input {...props} ref={ref} type={visible ? 'text' : 'password'} pe="12" />
    </InputGroup>
  );
}
