import { Button, chakra, Dialog, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { KASHRUT_AGENCIES, KASHRUT_FLAGS, KASHRUT_LEVELS } from '../../../shared/kashrut';
import { DialogCloseX, DialogHeading, DialogShell } from '../../components/dialog-parts';
import type { MessageId } from '../../i18n/catalogue';
import { type TermGroup, term } from '../../i18n/terms';
import { useT } from '../../i18n/use-t';

interface KashrutFilterDialogProps {
  open: boolean;
  /** The `kashrut=` words the list is filtered by now. */
  selected: readonly string[];
  onApply: (words: string[]) => void;
  onClose: () => void;
}

const GROUPS: { title: MessageId; hint: MessageId; group: TermGroup; words: readonly string[] }[] = [
  {
    title: 'marketplace.kashrutFilter.agency',
    hint: 'marketplace.kashrutFilter.anyTicked',
    group: 'kashrutAgency',
    words: KASHRUT_AGENCIES.filter((a) => a.code !== 'other').map((a) => a.code),
  },
  {
    title: 'marketplace.kashrutFilter.level',
    hint: 'marketplace.kashrutFilter.anyTicked',
    group: 'kashrutLevel',
    words: KASHRUT_LEVELS.map((l) => l.value),
  },
  {
    title: 'marketplace.kashrutFilter.standards',
    hint: 'marketplace.kashrutFilter.allTicked',
    group: 'kashrutFlag',
    words: KASHRUT_FLAGS.map((f) => f.word),
  },
];

/**
 * The marketplace's kashrut filter (its own chunk): agencies, levels and standards, matched only
 * against supervision SimchaHub has verified and whose certificate has not expired (decision 038).
 */
export function KashrutFilterDialog({ open, selected, onApply, onClose }: KashrutFilterDialogProps) {
  const t = useT();
  const [words, setWords] = useState<string[]>([...selected]);
  const toggle = (word: string, on: boolean) =>
    setWords((current) => (on ? [...current, word] : current.filter((w) => w !== word)));
  return (
    <DialogShell open={open} onClose={onClose} long="lg">
      <Dialog.Content data-testid="kashrut-filter">
        <DialogHeading
          title={t('marketplace.kashrutFilter.title')}
          description={t('marketplace.kashrutFilter.description', { brand: PRODUCT_NAME })}
        />
        <Dialog.Body>
          <Stack gap="5">
            {GROUPS.map((group) => (
              <chakra.fieldset key={group.title}>
                <chakra.legend fontWeight="semibold" color="brand.950">
                  {t(group.title)}
                </chakra.legend>
                <Text fontSize="sm" color="fg.muted" mb="2">
                  {t(group.hint)}
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                  {group.words.map((word) => (
                    <HStack key={word} as="label" gap="2" cursor="pointer">
                      <chakra.input
                        type="checkbox"
                        boxSize="4"
                        accentColor="brand.700"
                        checked={words.includes(word)}
                        onChange={(e) => toggle(word, e.target.checked)}
                      />
                      <Text fontSize="sm">{term(t, group.group, word)}</Text>
                    </HStack>
                  ))}
                </SimpleGrid>
              </chakra.fieldset>
            ))}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setWords([])} disabled={words.length === 0}>
            {t('marketplace.kashrutFilter.clear')}
          </Button>
          <Button
            onClick={() => {
              onApply(words);
              onClose();
            }}
          >
            {t('marketplace.kashrutFilter.show')}
          </Button>
        </Dialog.Footer>
        <DialogCloseX />
      </Dialog.Content>
    </DialogShell>
  );
}
