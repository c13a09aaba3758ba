import { Link } from 'react-router';
import { COMPANY_NAME, MIN_USER_AGE } from '../components/marketing/constants';
import { LegalPage, SupportLink, type LegalSection } from '../components/marketing/legal-page';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          Listsmith is operated by {COMPANY_NAME}, a company based in the State of New York, USA
          (&ldquo;Listsmith&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;). Listsmith is a web app that
          turns product photos into store-ready listings: it drafts titles, descriptions, categories
          and suggested prices, and lets you export them or publish them to your online store.
        </p>
        <p>
          This policy explains what personal information we collect when you use the Listsmith
          website and app (the &ldquo;Service&rdquo;), why we collect it, who we share it with and
          the choices and rights you have. For the purposes of the EU and UK General Data Protection
          Regulation (GDPR), {COMPANY_NAME} is the controller of the personal data described here.
          You can reach us about privacy at any time at <SupportLink />.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your email address and password. We store passwords
            only as a salted, one-way hash; we cannot read them.
          </li>
          <li>
            <strong>Product photos:</strong> the images you upload so that we can generate listings
            from them.
          </li>
          <li>
            <strong>Listing content:</strong> the titles, descriptions, categories, prices and
            variants we generate for you, and any edits you make to them.
          </li>
          <li>
            <strong>Support messages:</strong> what you tell us when you email support.
          </li>
        </ul>

        <h3>Information created when you use the Service</h3>
        <ul>
          <li>
            <strong>Plan and credit records:</strong> your plan (Free or Premium), your credit
            balance and a record of each credit granted, bought or spent.
          </li>
          <li>
            <strong>Usage logs:</strong> the requests your browser makes to our servers, with the
            time, your IP address, browser type, the pages and features used and any errors. We use
            them to keep the Service secure and working.
          </li>
          <li>
            <strong>Connected store details:</strong> if you connect a Shopify store, its shop
            domain and the access token Shopify issues to us. We store the token encrypted.
          </li>
        </ul>

        <h3>Information from payment processing</h3>
        <p>
          When you subscribe to Premium or buy a credit pack, payment is handled by Stripe. Your
          card details go directly to Stripe and never reach our servers. Stripe tells us whether
          the payment succeeded and what was bought, and may share limited billing details such as
          the card brand, its last four digits and the billing country, which we keep for our
          accounting and tax records.
        </p>

        <h3>Cookies and local storage</h3>
        <p>
          We use one essential cookie to keep you signed in. It is marked HttpOnly and Secure so
          that scripts on the page cannot read it. Your browser&rsquo;s local storage holds a few
          preferences, such as notices you have dismissed. We do not use advertising cookies or
          third-party tracking scripts, and we do not load resources from other websites.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <>
        <p>We use personal information only to:</p>
        <ul>
          <li>create and secure your account, and sign you in;</li>
          <li>analyse your photos and generate, store and show your product listings;</li>
          <li>
            export listings for you and publish them to the Shopify store you choose to connect;
          </li>
          <li>process payments, keep track of credits and send receipts;</li>
          <li>
            send service emails, such as address confirmation, password resets and billing notices;
          </li>
          <li>answer your support requests;</li>
          <li>
            detect abuse and fraud, enforce our <Link to="/terms">Terms of Service</Link> and meet
            our legal obligations; and
          </li>
          <li>understand how the Service is used so that we can fix problems and improve it.</li>
        </ul>
        <p>
          We do not sell your personal information, we do not use it for targeted advertising and we
          do not use your photos or listings to train AI models.
        </p>
        <h3>Legal bases (GDPR)</h3>
        <p>
          If the GDPR applies to you, we rely on: <strong>performance of our contract</strong> with
          you to provide the Service; our <strong>legitimate interests</strong> in keeping the
          Service secure and improving it, where those interests are not overridden by yours;{' '}
          <strong>legal obligations</strong>, for example to keep tax records; and your{' '}
          <strong>consent</strong> where we ask for it, which you may withdraw at any time.
        </p>
      </>
    ),
  },
  {
    id: 'processors',
    title: 'Third-party processors',
    body: (
      <>
        <p>
          We share personal information only with service providers that process it on our behalf,
          under contracts that require them to protect it and to use it solely to provide their
          service to us:
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Processor</th>
              <th scope="col">What it does for us</th>
              <th scope="col">Information involved</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <strong>Stripe</strong> (payment processor)
              </td>
              <td>Processes subscription and credit-pack payments</td>
              <td>Email address, payment details, purchase history</td>
            </tr>
            <tr>
              <td>
                <strong>AI vision provider</strong>
              </td>
              <td>Analyses product photos and drafts listing text</td>
              <td>Product photos, generated listing text</td>
            </tr>
            <tr>
              <td>
                <strong>Shopify</strong> (only when you connect a store)
              </td>
              <td>Receives the products you choose to publish</td>
              <td>Shop domain, access token, the listings you publish</td>
            </tr>
            <tr>
              <td>
                <strong>Email delivery provider</strong>
              </td>
              <td>Sends account and billing emails</td>
              <td>Email address, message content</td>
            </tr>
            <tr>
              <td>
                <strong>Hosting and storage provider</strong>
              </td>
              <td>Runs our servers, database and photo storage</td>
              <td>All information described in this policy</td>
            </tr>
          </tbody>
        </table>
        <p>
          Our AI vision provider processes photos only to return results to us and may not use them
          to train its models. Once you publish to Shopify, or download a CSV file and import it
          into Shopify or Squarespace, that platform&rsquo;s own privacy policy governs the copy it
          holds.
        </p>
        <p>
          We may also disclose information if the law requires it, to protect the rights, property
          or safety of our users or the public, or as part of a merger or sale of our business, in
          which case this policy will continue to apply to your information.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <>
        <ul>
          <li>
            <strong>Account, photos and listings:</strong> for as long as your account is open. You
            can delete individual products at any time, and deleting your account deletes them all.
          </li>
          <li>
            <strong>Usage logs:</strong> up to 12 months, then deleted.
          </li>
          <li>
            <strong>Payment and credit records:</strong> for as long as tax and accounting law
            requires, even after you close your account.
          </li>
          <li>
            <strong>Support emails:</strong> for as long as needed to resolve your request and
            follow up on it.
          </li>
        </ul>
        <p>
          When you delete your account from Account Settings, we delete your personal information
          from our live systems. Copies that remain in backups are deleted when those backups
          expire, except records we must keep by law.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your privacy rights',
    body: (
      <>
        <p>
          Wherever you live, you can see and correct your account details in Account Settings,
          download your listings as CSV files and delete your account. You can also ask us for
          anything on this list by emailing <SupportLink />. We will confirm your identity, usually
          by replying to the email address on your account, before acting on a request.
        </p>

        <h3>If you are in the EEA, the UK or Switzerland (GDPR)</h3>
        <p>You have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy of it;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased;</li>
          <li>
            restrict or object to our processing, including processing based on legitimate
            interests;
          </li>
          <li>receive your data in a portable, machine-readable format;</li>
          <li>withdraw consent at any time, without affecting earlier processing; and</li>
          <li>
            complain to the data protection authority where you live or work. We would appreciate
            the chance to address your concern first.
          </li>
        </ul>
        <p>We answer GDPR requests within one month.</p>

        <h3>If you are a California resident (CCPA)</h3>
        <p>
          Under the California Consumer Privacy Act, as amended by the California Privacy Rights
          Act, you have the right to:
        </p>
        <ul>
          <li>
            know what personal information we collect, use and disclose, and obtain a copy of it;
          </li>
          <li>delete personal information we collected from you;</li>
          <li>correct inaccurate personal information;</li>
          <li>
            opt out of the sale or sharing of personal information. We do not sell or share personal
            information, as those terms are defined in the CCPA, and have not done so in the past 12
            months;
          </li>
          <li>
            limit the use of sensitive personal information. We use it only to provide the Service,
            for example your password to sign you in; and
          </li>
          <li>not be discriminated against for exercising any of these rights.</li>
        </ul>
        <p>
          In the past 12 months we collected the categories of information described in section 2:
          identifiers (email address, IP address), commercial information (plan and purchase
          records), internet activity (usage logs) and the content you upload. We collected them
          from you and from your use of the Service, for the purposes in section 3, and disclosed
          them only to the processors in section 4. You may use an authorised agent to make a
          request on your behalf. We answer CCPA requests within 45 days.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your information with encryption in transit (HTTPS), hashed passwords, encrypted
        store access tokens, access controls that limit who on our team can see customer data, and
        regular security updates. No service can promise perfect security; if a breach ever affects
        your personal information, we will notify you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        We are based in the United States, and our processors may handle information in the United
        States and other countries. When we transfer personal data out of the EEA, the UK or
        Switzerland, we rely on safeguards recognised by those jurisdictions, such as the European
        Commission&rsquo;s Standard Contractual Clauses.
      </p>
    ),
  },
  {
    id: 'age-requirement',
    title: 'Age requirement',
    body: (
      <p>
        Listsmith is a tool for businesses and is intended only for people aged {MIN_USER_AGE} or
        older. We do not knowingly collect information from anyone under {MIN_USER_AGE}. If you
        believe a minor has created an account, email <SupportLink /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy as the Service changes. The effective date at the top of this page
        shows when it last changed. If a change materially affects how we use your personal
        information, we will email you before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        For any question or request about privacy, email <SupportLink />. {COMPANY_NAME} is
        responsible for the processing described in this policy.
      </p>
    ),
  },
];

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      documentTitle="Privacy Policy | Listsmith"
      related={{ to: '/terms', label: 'Terms of Service' }}
      summary={
        <p>
          We collect what we need to turn your photos into listings, and nothing more. We never sell
          your data, we don&rsquo;t use advertising trackers and we don&rsquo;t train AI models on
          your photos.
        </p>
      }
      sections={sections}
    />
  );
}
