import { Box, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import { Briefcase, LifeBuoy, Lock, Mail } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MailLink, MessageParagraph } from './info-page';

const CHANNELS: readonly { title: MessageId; text: MessageId; address: string; icon: LucideIcon }[] = [
  {
    title: 'info.contact.families.title',
    text: 'info.contact.families.text',
    address: /* value: an e-mail address */ 'hello@simchahub.com',
    icon: Mail,
  },
  {
    title: 'info.contact.vendors.title',
    text: 'info.contact.vendors.text',
    address: /* value: an e-mail address */ 'vendors@simchahub.com',
    icon: Briefcase,
  },
  {
    title: 'info.contact.privacy.title',
    text: 'info.contact.privacy.text',
    address: /* value: an e-mail address */ 'privacy@simchahub.com',
    icon: Lock,
  },
  {
    title: 'info.contact.support.title',
    text: 'info.contact.support.text',
    address: SUPPORT_EMAIL,
    icon: LifeBuoy,
  },
];

export function ContactPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.contact.title')} intro={t('info.contact.intro')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {CHANNELS.map((channel) => {
          const ChannelIcon = channel.icon;
          return (
            <Box key={channel.title} p="6" rounded="2xl" layerStyle="softPanel">
              <Box color="brand.fg">
                <Icon boxSize="6">
                  <ChannelIcon />
                </Icon>
              </Box>
              <Heading as="h2" fontSize="lg" mt="4" color="brand.950">
                {t(channel.title)}
              </Heading>
              <Text color="fg.muted" fontSize="sm" mt="1" mb="3">
                {t(channel.text)}
              </Text>
              <MailLink address={channel.address} />
            </Box>
          );
        })}
      </SimpleGrid>
      <InfoSection title={t('info.contact.when.title')}>
        <MessageParagraph id="info.contact.when.p1" />
      </InfoSection>
      <InfoSection title={t('info.contact.before.title')}>
        <MessageParagraph id="info.contact.before.p1" links={['/help', '/vendor-help']} />
      </InfoSection>
    </InfoPage>
  );
}
