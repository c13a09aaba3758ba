import type { AnchorHTMLAttributes } from 'react';
import { usePublicConfig } from '../lib/public-config';

/** A mail link to the configured support address (SUPPORT_EMAIL), showing the address. */
export function SupportEmailLink(props: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const { supportEmail } = usePublicConfig();
  return (
    <a href={`mailto:${supportEmail}`} {...props}>
      {props.children ?? supportEmail}
    </a>
  );
}
