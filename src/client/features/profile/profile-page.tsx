import { Badge, Box, DataList, Heading } from '@chakra-ui/react';
import { PageFrame } from '../../components/page-frame';
import { useCurrentUser } from '../../lib/session';

const ROLE_LABEL = { customer: 'Customer', vendor: 'Vendor', admin: 'Administrator' } as const;

/** /profile: personal information, family circle and preferences. */
export function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const rows = [
    { label: 'Full name', value: user.name },
    { label: 'Email', value: user.email },
    { label: 'Phone', value: user.phone ?? 'Not added' },
    { label: 'Family label', value: user.familyLabel ?? 'Not set' },
  ];
  return (
    <PageFrame
      title="Profile Settings"
      description="Your personal information, family circle and preferences."
    >
      <Box bg="bg" rounded="2xl" borderWidth="1px" borderColor="border.muted" p={{ base: '5', md: '8' }}>
        <Heading as="h2" fontSize="lg" color="brand.950" display="flex" alignItems="center" gap="3">
          Personal information
          <Badge variant="subtle" rounded="full">
            {ROLE_LABEL[user.role]}
          </Badge>
        </Heading>
        <DataList.Root orientation={{ base: 'vertical', md: 'horizontal' }} mt="6" gap="5" size="lg">
          {rows.map((row) => (
            <DataList.Item key={row.label}>
              <DataList.ItemLabel minW="40">{row.label}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="medium" wordBreak="break-word">
                {row.value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Box>
    </PageFrame>
  );
}
