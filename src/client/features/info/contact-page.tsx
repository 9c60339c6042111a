import { Box, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { Briefcase, LifeBuoy, Lock, Mail } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { InfoPage, InfoSection, MailLink, Paragraph, TextLink } from './info-page';

const CHANNELS = [
  {
    title: 'Families',
    text: 'Questions about planning, your account or the marketplace.',
    address: 'hello@simchahub.com',
    icon: Mail,
  },
  {
    title: 'Vendors',
    text: 'Listings, vendor claims and your vendor dashboard.',
    address: 'vendors@simchahub.com',
    icon: Briefcase,
  },
  {
    title: 'Privacy',
    text: 'Your data, or deleting your account.',
    address: 'privacy@simchahub.com',
    icon: Lock,
  },
  {
    title: 'Account support',
    text: 'Signing in, or an account or listing that has been suspended or hidden.',
    address: SUPPORT_EMAIL,
    icon: LifeBuoy,
  },
] as const;

export function ContactPage() {
  return (
    <InfoPage title="Contact us" intro="We are a small team and we read every message.">
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
                {channel.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm" mt="1" mb="3">
                {channel.text}
              </Text>
              <MailLink address={channel.address} />
            </Box>
          );
        })}
      </SimpleGrid>
      <InfoSection title="When we answer">
        <Paragraph>
          We aim to reply within one business day. Our team does not work on Shabbat or Jewish holidays, so
          messages sent then are answered afterwards.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Before you write">
        <Paragraph>
          Many answers are already in the <TextLink to="/help">Help Center</TextLink> and, for businesses, in{' '}
          <TextLink to="/vendor-help">Vendor Help</TextLink>. When you write about an event or a vendor,
          include the event title or the business name so we can help quickly.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
