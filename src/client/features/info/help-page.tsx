import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MessageParagraph } from './info-page';

export function HelpPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.help.title')} intro={t('info.help.intro', { brand: PRODUCT_NAME })}>
      <InfoSection title={t('info.help.start.title')}>
        <MessageParagraph id="info.help.start.p1" links={['/login-customer?mode=signup']} />
        <MessageParagraph id="info.help.start.p2" links={['/login-vendor']} />
      </InfoSection>
      <InfoSection title={t('info.help.events.title')}>
        <MessageParagraph id="info.help.events.p1" />
        <MessageParagraph id="info.help.events.p2" />
      </InfoSection>
      <InfoSection title={t('info.help.hebrew.title')}>
        <MessageParagraph id="info.help.hebrew.p1" />
      </InfoSection>
      <InfoSection title={t('info.help.family.title')}>
        <MessageParagraph id="info.help.family.p1" />
      </InfoSection>
      <InfoSection title={t('info.help.vendors.title')}>
        <MessageParagraph id="info.help.vendors.p1" links={['/marketplace']} />
      </InfoSection>
      <InfoSection title={t('info.help.more.title')}>
        <MessageParagraph id="info.help.more.p1" links={['/contact']} />
      </InfoSection>
    </InfoPage>
  );
}
