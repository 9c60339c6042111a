import { InfoPage, InfoSection, Paragraph, TextLink } from './info-page';

export function AboutPage() {
  return (
    <InfoPage
      title="About SimchaHub"
      intro="SimchaHub helps Jewish families plan their celebrations together and find vendors who understand them."
    >
      <InfoSection title="Why we built SimchaHub">
        <Paragraph>
          A wedding, a bar or bat mitzvah or an engagement brings the whole family together, and so does the
          planning. Lists get passed between parents, grandparents and siblings, deposits are tracked on
          scraps of paper, and someone always has to check whether the date falls on Shabbat or a yom tov.
        </Paragraph>
        <Paragraph>
          SimchaHub puts that planning in one place. Each event keeps its own tasks, vendor deposits and
          memos, Hebrew dates can appear beside the Gregorian ones, and the app warns you when a date you pick
          conflicts with Shabbat or a Jewish holiday.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Planning as a family">
        <Paragraph>
          Relatives who share a family label form one family circle. Share an invite link with them, or
          approve their request to join, and they can follow the celebrations the family is planning. You can
          also share a read-only link to a single event with anyone who needs the details.
        </Paragraph>
      </InfoSection>
      <InfoSection title="A marketplace for the community">
        <Paragraph>
          Our <TextLink to="/marketplace">vendor marketplace</TextLink> brings together venues, caterers,
          photographers, musicians and florists who serve Jewish celebrations. Families can ask a vendor about
          availability for a date and continue the conversation in their messages. Vendors can list their
          business, claim an existing listing and keep their profile up to date.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Our promise">
        <Paragraph>
          Planning a simcha should be a joy. We keep SimchaHub free for families, we keep your details
          private, and we show vendors’ contact details only to registered members. Questions or ideas? We
          would love to hear from you on our <TextLink to="/contact">contact page</TextLink>.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
