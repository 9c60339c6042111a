import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MessageParagraph } from './info-page';

export function AboutPage() {
  const t = useT();
  const brand = PRODUCT_NAME;
  return (
    <InfoPage title={t('info.about.title', { brand })} intro={t('info.about.intro', { brand })}>
      <InfoSection title={t('info.about.why.title', { brand })}>
        <MessageParagraph id="info.about.why.p1" />
        <MessageParagraph id="info.about.why.p2" />
      </InfoSection>
      <InfoSection title={t('info.about.family.title')}>
        <MessageParagraph id="info.about.family.p1" />
      </InfoSection>
      <InfoSection title={t('info.about.marketplace.title')}>
        <MessageParagraph id="info.about.marketplace.p1" links={['/marketplace']} />
      </InfoSection>
      <InfoSection title={t('info.about.promise.title')}>
        <MessageParagraph id="info.about.promise.p1" links={['/contact']} />
      </InfoSection>
    </InfoPage>
  );
}
