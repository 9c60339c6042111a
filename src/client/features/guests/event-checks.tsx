import { Checkbox, Fieldset, Stack } from '@chakra-ui/react';

export interface ListEvent {
  id: string;
  title: string;
}

interface EventChecksProps {
  legend: string;
  events: ListEvent[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Shown under the boxes (a field message when the choice was refused). */
  error?: string;
}

/** A checkbox per (sub-)event of the list: which of them a guest or household is invited to. */
export function EventChecks({ legend, events, value, onChange, disabled, error }: EventChecksProps) {
  return (
    <Fieldset.Root invalid={Boolean(error)} disabled={disabled}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        {legend}
      </Fieldset.Legend>
      <Stack gap="2" mt="1">
        {events.map((event) => (
          <Checkbox.Root
            key={event.id}
            checked={value.includes(event.id)}
            onCheckedChange={(details) =>
              onChange(
                details.checked === true
                  ? [...value.filter((id) => id !== event.id), event.id]
                  : value.filter((id) => id !== event.id),
              )
            }
            disabled={disabled}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">
              <bdi>{event.title}</bdi>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}
