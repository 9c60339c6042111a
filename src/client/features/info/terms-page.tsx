import { InfoPage, InfoSection, Paragraph, TextLink } from './info-page';

export function TermsPage() {
  return (
    <InfoPage title="Terms of Service" intro="The rules for using SimchaHub, written to be read.">
      <InfoSection title="Your account">
        <Paragraph>
          You need an account to plan events, contact vendors or manage a listing. Give accurate details, keep
          your password to yourself and tell us if you think someone else is using your account. You are
          responsible for what happens under your account.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Family circles and shared links">
        <Paragraph>
          Members of a family circle see each other’s events. Someone who enters your family label joins only
          when a member approves them or through an invite link, which works for seven days and can be
          revoked. A share link lets anyone who has it view that event. Share invite and share links with
          care.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Vendors and listings">
        <Paragraph>
          Vendors must describe their business truthfully and may only claim a listing for a business they own
          or represent. We may reject a claim, correct a listing or remove it when it is inaccurate or
          misleading.
        </Paragraph>
        <Paragraph>
          An availability request or a message is not a booking. Agreements, contracts and payments are made
          directly between families and vendors, and SimchaHub is not a party to them.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Acceptable use">
        <Paragraph>
          Be respectful in messages. Do not send spam, collect other members’ contact details for unrelated
          purposes, or try to get around the limits that protect the service. We may suspend accounts that do.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Dates and holidays">
        <Paragraph>
          Hebrew dates and holiday warnings are provided as a planning aid and holiday dates are approximate.
          Please confirm important dates with your rabbi or community.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Changes and contact">
        <Paragraph>
          We may update these terms as SimchaHub grows and will post the new version here. Questions about
          these terms are welcome through our <TextLink to="/contact">contact page</TextLink>. See also our{' '}
          <TextLink to="/privacy">privacy policy</TextLink>.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
