import { InfoPage, InfoSection, Paragraph, TextLink } from './info-page';

export function HelpPage() {
  return (
    <InfoPage
      title="Help Center"
      intro="Answers to the questions families ask most when planning with SimchaHub."
    >
      <InfoSection title="Getting started">
        <Paragraph>
          Create a free account on the{' '}
          <TextLink to="/login-customer?mode=signup">customer sign-up page</TextLink> with your name, email
          and a password of at least six characters. A phone number and a family label are optional and can be
          added later in Profile Settings. After signing up you land on your dashboard.
        </Paragraph>
        <Paragraph>
          Vendors use the separate <TextLink to="/login-vendor">vendor login</TextLink>. If you see “Access
          denied” when signing in, you are on the other sign-in page for your kind of account.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Planning an event">
        <Paragraph>
          Open My Events and choose Create Event. Give the event a title, type and date; the time, venue and
          notes are up to you. Each event keeps its tasks, vendor deposits and memos, and the overview shows
          your task progress, how much of your deposits is paid and the next deposit deadlines.
        </Paragraph>
        <Paragraph>
          To share an event with someone who does not use SimchaHub, copy its share link: anyone with the link
          can view the event but not change it.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Hebrew dates and Shabbat warnings">
        <Paragraph>
          Turn on Hebrew dates in the navigation or in Profile Settings to see Hebrew dates across the app.
          With Shabbat warnings on, SimchaHub tells you when a date you choose falls on Shabbat or a Jewish
          holiday. Holiday dates are approximate, so please confirm important dates with your rabbi.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Family circle">
        <Paragraph>
          A family circle gathers everyone who uses exactly the same family label, so agree on the spelling
          first. The first person to use a label starts its circle. Use Invite Family to copy an invite link
          for relatives: whoever opens it joins at once. Someone who only types the label waits until a member
          approves them in Profile Settings, where you can also leave the circle or change your label.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Working with vendors">
        <Paragraph>
          Browse the <TextLink to="/marketplace">marketplace</TextLink> by category, search or location.
          Contact details are shown to signed-in members. Send an availability request with your date, guest
          count and budget, and read the vendor’s reply in Messages.
        </Paragraph>
      </InfoSection>
      <InfoSection title="Still need help?">
        <Paragraph>
          Write to us from the <TextLink to="/contact">contact page</TextLink> and tell us what you were
          trying to do; we will get back to you.
        </Paragraph>
      </InfoSection>
    </InfoPage>
  );
}
