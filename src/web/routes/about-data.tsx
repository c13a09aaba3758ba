import { Link } from 'react-router';
import { LegalPage, type LegalSection } from '../components/marketing/legal-page';

/*
 * The attribution the price data's licence (ODC-By 1.0) asks for, where the suggested prices link
 * to: the source's name, its licence with a link, and what was changed. Keep it in step with
 * src/server/generation/price-baseline/NOTICE.md.
 */

const DATASET_URL =
  'https://www.kaggle.com/datasets/asaniczka/amazon-products-dataset-2023-1-4m-products';
const ODC_BY_URL = 'https://opendatacommons.org/licenses/by/1-0/';
const TAXONOMY_URL = 'https://github.com/Shopify/product-taxonomy';

const sections: LegalSection[] = [
  {
    id: 'suggested-prices',
    title: 'How a price is suggested',
    body: (
      <>
        <p>
          No price can be read from a photo, so Listsmith suggests one from what it knows, in this
          order:
        </p>
        <ol>
          <li>
            <strong>Your own products</strong> whose names share a word with the new one (a new
            hoodie is priced like your other hoodies).
          </li>
          <li>
            <strong>Typical US prices for the product&rsquo;s category</strong>: the middle half of
            prices of comparable listings on amazon.com in 2023 (below). When the category has too
            few listings, its closest broader category is used, and the price says so.
          </li>
          <li>
            <strong>Your own prices</strong> across all your products, when the category is not
            known.
          </li>
          <li>
            <strong>A broad guess</strong> across all categories, when nothing else is known. It is
            marked as such.
          </li>
        </ol>
        <p>
          The suggested price is then moved to a retail price point with the ending you chose in{' '}
          <Link to="/account#price-endings">Account Settings</Link> (.99, .95 or whole dollars),
          never below the range&rsquo;s low end. The range and what it rests on are behind the
          &lsquo;Price range&rsquo; button beside every price. A price you type yourself is never
          changed, and when you confirm a different category, a price you have not changed follows
          it.
        </p>
        <p>
          These are starting points, not advice: amazon.com prices of 2023 may differ from your
          market, your quality and today&rsquo;s prices.
        </p>
      </>
    ),
  },
  {
    id: 'price-data',
    title: 'The price data and its licence',
    body: (
      <>
        <p>
          Contains information from the{' '}
          <a href={DATASET_URL} rel="noreferrer" target="_blank">
            &ldquo;Amazon Products Dataset 2023 (1.4M Products)&rdquo; by asaniczka
          </a>
          , which is made available under the{' '}
          <a href={ODC_BY_URL} rel="noreferrer" target="_blank">
            ODC Attribution License 1.0
          </a>{' '}
          (ODC-By).
        </p>
        <p>
          The dataset holds about 1.4 million products scraped from amazon.com in autumn 2023, each
          with a US-dollar price and one of 248 Amazon categories.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-changed',
    title: 'What we changed',
    body: (
      <>
        <p>Listsmith uses a table derived from that dataset, not the dataset itself:</p>
        <ul>
          <li>
            A uniform random sample of 10,000 of its products (drawn by a third party with a fixed
            seed), of which 9,770 had a usable price.
          </li>
          <li>
            Each of the 248 Amazon categories was mapped to one category of the Shopify Standard
            Product Taxonomy, or left out; within some Amazon categories (clothing, shoes, jewelry,
            accessories, handbags, video games, phones, computers, bedding, wearables) keywords in a
            product&rsquo;s title place it in a more precise Shopify category.
          </li>
          <li>
            Per Shopify category, only counts and price percentiles are kept (10th, 25th, median,
            75th, 90th, rounded to cents), for the 158 categories with at least 20 products; each
            product also counts for every broader category above its own. Titles, images and other
            details of the listings are not kept.
          </li>
          <li>Prices are in US dollars as listed in 2023, not adjusted for inflation.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'categories',
    title: 'Category names',
    body: (
      <p>
        Category ids and names are from the{' '}
        <a href={TAXONOMY_URL} rel="noreferrer" target="_blank">
          Shopify Standard Product Taxonomy
        </a>{' '}
        (release 2024-10), &copy; Shopify, MIT License.
      </p>
    ),
  },
];

export default function AboutDataRoute() {
  return (
    <LegalPage
      title="About the data"
      documentTitle="About the data | Listsmith"
      related={{ to: '/privacy', label: 'Privacy Policy' }}
      summary={
        <p>
          Where Listsmith&rsquo;s suggested prices come from, the open data behind them and its
          licence.
        </p>
      }
      sections={sections}
    />
  );
}
