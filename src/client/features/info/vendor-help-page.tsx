import { InfoPage, InfoSection, Paragraph, TextLink } from './info-page';

export function VendorHelpPage() {
  return (
    <InfoPage
      title="Vendor Help"
      intro="How to list your business on SimchaHub and answer the families who contact you."
    >
      <InfoSection title="Create your vendor account">
        <Paragraph>
          Sign up on the <TextLink to="/login-vendor?mode=signup">vendor sign-up page</TextLink> with the
          business owner’s name, an email address and a password. A business phone is optional. Vendor
          accounts sign in on the vendor login page, not the customer one.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Claim your existing listing">
        <Paragraph>
          Many businesses are already listed in the marketplace. To take over yours, open the Claims tab of
          your vendor dashboard and submit a vendor claim with your business name, description, address,
          phone, email, website if you have one, and proof that you own the business, such as a business
          registration or a document on company letterhead.
        </Paragraph>
        <Paragraph>
          A SimchaHub administrator reviews every claim. You can follow its status, pending, approved or
          rejected, in the Claims tab. Once a claim is approved, the listing is linked to your account.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Keep your profile up to date">
        <Paragraph>
          In the Listing Profile tab you can edit your business name, category, description, contact details,
          website, address, neighborhood, logo and main image. Families see your contact details once they are
          signed in, so make sure they are current.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Answer families">
        <Paragraph>
          Availability requests and messages from families arrive in the Messages tab of your vendor
          dashboard, with the event type and date. Unread conversations are marked so nothing slips through.
          Quick, clear answers are the best way to earn a booking.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Questions">
        <Paragraph>
          Listing on SimchaHub is free; see <TextLink to="/pricing">pricing</TextLink>. For anything else,
          reach us through the <TextLink to="/contact">contact page</TextLink>.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
