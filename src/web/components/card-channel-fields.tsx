/**
 * A place on the product card for a channel's own fields (eBay's category and item specifics):
 * the route that shows the cards supplies the component, so the review feature's card need not
 * know the channel's feature (features do not import each other).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ConfirmedAttribute } from '#domain/product-attributes';
import type { Product } from '#domain/products';

export interface CardChannelFieldsProps {
  /** The card's product, with the seller's edits not yet saved. */
  product: Product;
  readOnly: boolean;
  /** Saves the confirmed attributes as the card's own chips do. */
  onAttributesChange(attributes: ConfirmedAttribute[]): void;
  /**
   * Sends the card's edits still waiting and answers the product as saved (the server may have
   * drafted unedited text again), so what is published is what the seller is shown.
   */
  savedProduct(): Promise<Product>;
}

type RenderChannelFields = (props: CardChannelFieldsProps) => ReactNode;

const CardChannelFieldsContext = createContext<RenderChannelFields | null>(null);

/** Give it a function declared once (not in a render): every card re-renders when it changes. */
export const CardChannelFieldsProvider = CardChannelFieldsContext.Provider;

export function CardChannelFields(props: CardChannelFieldsProps) {
  const render = useContext(CardChannelFieldsContext);
  return render ? render(props) : null;
}
