import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MailLink, MessageParagraph } from './info-page';

export function PrivacyPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.privacy.title')} intro={t('info.privacy.intro', { brand: PRODUCT_NAME })}>
      <InfoSection title={t('info.privacy.collect.title')}>
        <MessageParagraph id="info.privacy.collect.p1" />
      </InfoSection>
      <InfoSection title={t('info.privacy.protect.title')}>
        <MessageParagraph id="info.privacy.protect.p1" />
      </InfoSection>
      <InfoSection title={t('info.privacy.who.title')}>
        <MessageParagraph id="info.privacy.who.p1" />
        <MessageParagraph id="info.privacy.who.p2" />
      </InfoSection>
      <InfoSection title={t('info.privacy.choices.title')}>
        <MessageParagraph
          id="info.privacy.choices.p1"
          values={{ mail: <MailLink address={/* value: an e-mail address */ 'privacy@simchahub.com'} /> }}
        />
      </InfoSection>
    </InfoPage>
  );
}
