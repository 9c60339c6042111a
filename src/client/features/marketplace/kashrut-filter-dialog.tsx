import { Button, chakra, Dialog, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { KASHRUT_AGENCIES, KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import { DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';

interface KashrutFilterDialogProps {
  open: boolean;
  /** The `kashrut=` words the list is filtered by now. */
  selected: readonly string[];
  onApply: (words: string[]) => void;
  onClose: () => void;
}

const GROUPS = [
  {
    title: 'Agency',
    hint: 'Any of those you tick.',
    options: KASHRUT_AGENCIES.filter((a) => a.code !== 'other').map((a) => ({
      word: a.code,
      label: a.label,
    })),
  },
  {
    title: 'Level',
    hint: 'Any of those you tick.',
    options: KASHRUT_LEVELS.map((l) => ({ word: l.value, label: l.label })),
  },
  {
    title: 'Standards',
    hint: 'All of those you tick.',
    options: KASHRUT_FLAGS.map((f) => ({ word: f.word, label: f.label })),
  },
] as const;

/**
 * The marketplace's kashrut filter (its own chunk): agencies, levels and standards, matched only
 * against supervision SimchaHub has verified and whose certificate has not expired (decision 038).
 */
export function KashrutFilterDialog({ open, selected, onApply, onClose }: KashrutFilterDialogProps) {
  const [words, setWords] = useState<string[]>([...selected]);
  const toggle = (word: string, on: boolean) =>
    setWords((current) => (on ? [...current, word] : current.filter((w) => w !== word)));
  return (
    <DialogShell open={open} onClose={onClose} long="lg">
      <Dialog.Content data-testid="kashrut-filter">
        <DialogHeading
          title="Filter by kashrut"
          description="Only caterers and venues whose certificate SimchaHub has verified, and which has not expired, are shown."
        />
        <Dialog.Body>
          <Stack gap="5">
            {GROUPS.map((group) => (
              <chakra.fieldset key={group.title}>
                <chakra.legend fontWeight="semibold" color="brand.950">
                  {group.title}
                </chakra.legend>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {group.hint}
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                  {group.options.map((option) => (
                    <HStack key={option.word} as="label" gap="2" cursor="pointer">
                      <chakra.input
                        type="checkbox"
                        boxSize="4"
                        accentColor="brand.700"
                        checked={words.includes(option.word)}
                        onChange={(e) => toggle(option.word, e.target.checked)}
                      />
                      <Text fontSize="sm">{option.label}</Text>
                    </HStack>
                  ))}
                </SimpleGrid>
              </chakra.fieldset>
            ))}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setWords([])} disabled={words.length === 0}>
            Clear
          </Button>
          <Button
            onClick={() => {
              onApply(words);
              onClose();
            }}
          >
            Show vendors
          </Button>
        </Dialog.Footer>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
