import { Link } from 'react-router';
import {
  COMPANY_NAME,
  CREDIT_PACKS,
  FREE_GENERATIONS,
  MAX_IMAGE_MB,
  MIN_USER_AGE,
  PREMIUM_MAX_IMAGES_PER_UPLOAD,
  PREMIUM_MONTHLY_GENERATIONS,
  PREMIUM_PRICE_USD,
  SUPPORTED_FORMATS,
} from '../components/marketing/constants';
import { LegalPage, SupportLink, type LegalSection } from '../components/marketing/legal-page';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these terms',
    body: (
      <>
        <p>
          These Terms of Service (the &ldquo;Terms&rdquo;) are an agreement between you and{' '}
          {COMPANY_NAME} (&ldquo;Listsmith&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;), a company
          based in New York, USA. They govern your use of the Listsmith website and app (the
          &ldquo;Service&rdquo;), which turns product photos into listings for online stores.
        </p>
        <p>
          By creating an account or using the Service, you accept these Terms and our{' '}
          <Link to="/privacy">Privacy Policy</Link>. If you use Listsmith on behalf of a business,
          you accept these Terms for that business and confirm that you are authorised to do so. If
          you do not agree, please do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least {MIN_USER_AGE} years old to create an account or use the Service. By
        using Listsmith you confirm that you are {MIN_USER_AGE} or older and able to enter into a
        binding contract.
      </p>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <ul>
        <li>Give us a valid email address that you control, and keep it up to date.</li>
        <li>
          Keep your password secret. You are responsible for everything that happens under your
          account.
        </li>
        <li>
          Tell us straight away at <SupportLink /> if you think someone else has accessed your
          account.
        </li>
        <li>
          One person or business per account. Accounts may not be shared, sold or transferred.
        </li>
      </ul>
    ),
  },
  {
    id: 'the-service',
    title: 'The Service and AI-generated content',
    body: (
      <>
        <p>
          Listsmith uses automated image analysis and AI text generation to draft product titles,
          descriptions, categories and suggested prices from your photos. Drafts can be wrong: a
          material may be misidentified, a detail missed, or a suggested price may not suit your
          market.
        </p>
        <p>
          <strong>
            You are responsible for reviewing and, where needed, correcting every listing before you
            publish it
          </strong>
          , and for making sure that what you sell is described accurately and lawfully. Suggested
          prices are recommendations based on comparable products, not advice.
        </p>
      </>
    ),
  },
  {
    id: 'plans-and-credits',
    title: 'Plans and credits',
    body: (
      <>
        <p>
          Generating the listing for one product uses one credit. The Service is offered in the
          following tiers:
        </p>
        <h3>Free</h3>
        <ul>
          <li>$0, with no payment card needed.</li>
          <li>
            {FREE_GENERATIONS} product generations in total, with up to {FREE_GENERATIONS} images.
          </li>
          <li>Edit, copy and download your listings as Shopify and Squarespace CSV files.</li>
        </ul>
        <h3>Premium</h3>
        <ul>
          <li>${PREMIUM_PRICE_USD} per month, billed monthly in advance.</li>
          <li>
            {PREMIUM_MONTHLY_GENERATIONS} generations per month. The monthly allowance resets at the
            start of each billing period; unused generations do not carry over.
          </li>
          <li>Unlimited regeneration of titles and descriptions.</li>
          <li>A bulk upload queue of up to {PREMIUM_MAX_IMAGES_PER_UPLOAD} images per upload.</li>
          <li>A saved product library that you can edit at any time.</li>
          <li>
            Downloads for Shopify and Squarespace, and publishing to a connected Shopify store.
          </li>
        </ul>
        <h3>Credit packs</h3>
        <ul>
          {CREDIT_PACKS.map((pack) => (
            <li key={pack.credits}>
              {pack.credits} credits for ${pack.price} (${pack.perCredit} per credit).
            </li>
          ))}
          <li>
            Credit packs can be bought on either plan. <strong>Bought credits never expire</strong>{' '}
            while your account is open.
          </li>
          <li>
            When you have both, your monthly Premium generations are used before bought credits.
          </li>
        </ul>
        <p>
          Credits have no cash value and cannot be transferred or exchanged for money, except as
          described in the refunds section below.
        </p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Payment and renewal',
    body: (
      <>
        <p>
          Payments are processed by Stripe. By subscribing or buying credits, you authorise us,
          through Stripe, to charge your chosen payment method. Prices are in US dollars and do not
          include taxes, which are added where the law requires.
        </p>
        <p>
          Premium renews automatically each month until you cancel. If a renewal payment fails, we
          may pause Premium features until the payment succeeds. If we change our prices, we will
          email you in advance, and the new price applies from your next billing period after the
          notice.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation',
    body: (
      <>
        <p>You can cancel Premium at any time from Account Settings. When you cancel:</p>
        <ul>
          <li>
            you keep Premium until the end of the billing period you have already paid for, and you
            are not charged again;
          </li>
          <li>
            at the end of that period your account moves to the Free plan, and the saved library and
            other Premium features are no longer available, so download the CSV files for any
            listings you want to keep before then; and
          </li>
          <li>credits you bought stay in your account.</li>
        </ul>
        <p>
          You can delete your account at any time from Account Settings. Deleting your account
          cancels any subscription and permanently removes your photos, listings and unused credits.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds and disputes',
    body: (
      <>
        <p>
          We review refund requests <strong>case by case</strong>. We take into account, for
          example, whether the Service failed to work as described, whether you were charged in
          error, and how many of the purchased generations or credits you have already used.
        </p>
        <ul>
          <li>
            Send your request to <SupportLink /> within <strong>30 days</strong> of the charge. This
            is also the window for disputing any charge with us.
          </li>
          <li>
            Our review takes <strong>5 to 7 business days</strong>. We will email you the outcome.
          </li>
          <li>Approved refunds are paid back to the original payment method.</li>
        </ul>
        <p>
          Please contact us before disputing a charge with your bank. We can usually resolve billing
          problems faster directly.
        </p>
      </>
    ),
  },
  {
    id: 'uploads',
    title: 'Uploads and limits',
    body: (
      <ul>
        <li>
          Each image may be at most <strong>{MAX_IMAGE_MB}MB</strong>. Accepted formats are{' '}
          {SUPPORTED_FORMATS}.
        </li>
        <li>
          The Free plan allows up to {FREE_GENERATIONS} images; Premium allows up to{' '}
          {PREMIUM_MAX_IMAGES_PER_UPLOAD} images per upload. Every upload also needs enough credits
          for the number of images.
        </li>
        <li>
          We check files by their content and may reject anything that is not a valid image. We may
          resize or convert images so that we can process them.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep all rights to the photos you upload. The titles, descriptions, categories and
          prices the Service generates for you are yours too, and you may use them wherever you
          sell, without attribution.
        </p>
        <p>
          You give us a limited, worldwide, non-exclusive licence to store, copy, process and
          display your photos and listings only as needed to run the Service for you, including
          sending them to the processors listed in our <Link to="/privacy">Privacy Policy</Link> and
          to any store you ask us to publish to. This licence ends when you delete the content or
          your account, apart from copies we must keep by law or that remain in backups until they
          expire.
        </p>
        <p>
          You promise that you own your photos or have permission to use them, and that your content
          and listings do not break the law or anyone else&rsquo;s rights.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited-content',
    title: 'Prohibited content and conduct',
    body: (
      <>
        <p>You may not use Listsmith to upload, generate or publish listings for:</p>
        <ul>
          <li>
            illegal goods or services, or products that may not lawfully be sold where you sell
            them;
          </li>
          <li>
            counterfeit goods, or content that infringes a copyright, trademark or other
            intellectual property right;
          </li>
          <li>weapons, ammunition, explosives, illegal drugs or drug paraphernalia;</li>
          <li>sexually explicit material, or any content that sexualises minors;</li>
          <li>content that promotes violence, hatred or discrimination, or harasses anyone;</li>
          <li>
            photos that show other people&rsquo;s personal information, or people who have not
            agreed to be photographed for your listing; or
          </li>
          <li>false or misleading claims about a product, such as fake health claims.</li>
        </ul>
        <p>You also may not:</p>
        <ul>
          <li>
            upload malware, or try to break into, overload or disrupt the Service or other users;
          </li>
          <li>get around credit limits, rate limits or other restrictions, or abuse free plans;</li>
          <li>scrape, copy or resell the Service, or use it to build a competing product; or</li>
          <li>reverse engineer the Service except where the law expressly allows it.</li>
        </ul>
        <p>
          We may remove content that breaks these rules, and suspend or close accounts that do so
          repeatedly or seriously.
        </p>
      </>
    ),
  },
  {
    id: 'third-party-services',
    title: 'Third-party services',
    body: (
      <p>
        Listsmith works with services that we do not control, including Shopify, Squarespace and
        Stripe. Your use of them is governed by their own terms and policies. When you connect a
        Shopify store, you authorise us to create and update products in it on your instructions.
        You can disconnect the store at any time. We are not responsible for the availability or
        actions of third-party services.
      </p>
    ),
  },
  {
    id: 'our-property',
    title: 'Our intellectual property',
    body: (
      <p>
        The Service, including its software, design, the Listsmith name and logo, is owned by{' '}
        {COMPANY_NAME} and protected by law. These Terms give you a personal, non-transferable right
        to use the Service as intended; they do not give you any other rights in it. If you send us
        feedback, we may use it without any obligation to you.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        You may stop using Listsmith at any time. We may suspend or close your account if you
        seriously or repeatedly breach these Terms, if the law requires it, or if your use puts the
        Service or other users at risk. Where reasonable, we will tell you first and give you a
        chance to download your listings. If we close your account for reasons other than a breach
        by you, we will refund the unused part of any prepaid Premium period.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the extent
          the law allows, we disclaim all warranties, express or implied, including merchantability,
          fitness for a particular purpose and non-infringement, and we do not promise that
          generated content will be accurate or that the Service will be uninterrupted or
          error-free.
        </p>
        <p>
          To the extent the law allows, Listsmith will not be liable for indirect, incidental,
          special, consequential or punitive damages, or for lost profits, revenue or data. Our
          total liability for all claims relating to the Service is limited to the greater of the
          amount you paid us in the 12 months before the claim arose and US$50. Nothing in these
          Terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        If a third party brings a claim against us because of your content, the products you sell or
        your breach of these Terms, you agree to cover our reasonable costs and losses arising from
        that claim, to the extent the law allows.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These Terms are governed by the laws of the State of New York, USA, without regard to its
        conflict-of-law rules. Any dispute will be decided by the state or federal courts located in
        New York County, New York, and you and we consent to their jurisdiction. If you are a
        consumer, this does not take away any protection you have under the mandatory laws of the
        country where you live.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms as the Service changes. The effective date at the top of this page
        shows when they last changed. If a change is material, we will email you before it takes
        effect. If you keep using Listsmith after that, the new Terms apply; if you do not agree,
        you may cancel and close your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these Terms, billing or refunds? Email <SupportLink /> and we will reply as
        soon as we can.
      </p>
    ),
  },
];

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      documentTitle="Terms of Service | Listsmith"
      related={{ to: '/privacy', label: 'Privacy Policy' }}
      summary={
        <p>
          The rules for using Listsmith: who can use it, how plans, credits, cancellation and
          refunds work, what you may not upload, and who owns what. Please read them alongside our
          Privacy Policy.
        </p>
      }
      sections={sections}
    />
  );
}
