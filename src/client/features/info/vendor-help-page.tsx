import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MessageParagraph } from './info-page';

export function VendorHelpPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.vendorHelp.title')} intro={t('info.vendorHelp.intro', { brand: PRODUCT_NAME })}>
      <InfoSection title={t('info.vendorHelp.account.title')}>
        <MessageParagraph id="info.vendorHelp.account.p1" links={['/login-vendor?mode=signup']} />
      </InfoSection>
      <InfoSection title={t('info.vendorHelp.claim.title')}>
        <MessageParagraph id="info.vendorHelp.claim.p1" />
        <MessageParagraph id="info.vendorHelp.claim.p2" />
      </InfoSection>
      <InfoSection title={t('info.vendorHelp.profile.title')}>
        <MessageParagraph id="info.vendorHelp.profile.p1" />
      </InfoSection>
      <InfoSection title={t('info.vendorHelp.answer.title')}>
        <MessageParagraph id="info.vendorHelp.answer.p1" />
      </InfoSection>
      <InfoSection title={t('info.vendorHelp.questions.title')}>
        <MessageParagraph id="info.vendorHelp.questions.p1" links={['/pricing', '/contact']} />
      </InfoSection>
    </InfoPage>
  );
}
