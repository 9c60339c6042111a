import { PRODUCT_NAME } from '../../../shared/constants';
import { useT } from '../../i18n/use-t';
import { InfoPage, InfoSection, MessageParagraph } from './info-page';

export function TermsPage() {
  const t = useT();
  return (
    <InfoPage title={t('info.terms.title')} intro={t('info.terms.intro', { brand: PRODUCT_NAME })}>
      <InfoSection title={t('info.terms.account.title')}>
        <MessageParagraph id="info.terms.account.p1" />
      </InfoSection>
      <InfoSection title={t('info.terms.family.title')}>
        <MessageParagraph id="info.terms.family.p1" />
      </InfoSection>
      <InfoSection title={t('info.terms.vendors.title')}>
        <MessageParagraph id="info.terms.vendors.p1" />
        <MessageParagraph id="info.terms.vendors.p2" />
      </InfoSection>
      <InfoSection title={t('info.terms.use.title')}>
        <MessageParagraph id="info.terms.use.p1" />
      </InfoSection>
      <InfoSection title={t('info.terms.dates.title')}>
        <MessageParagraph id="info.terms.dates.p1" />
      </InfoSection>
      <InfoSection title={t('info.terms.changes.title')}>
        <MessageParagraph id="info.terms.changes.p1" links={['/contact', '/privacy']} />
      </InfoSection>
    </InfoPage>
  );
}
